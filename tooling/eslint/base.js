import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const domainStyle =
  'Import a name from the @floow/domain subpath of its concern (@floow/domain/floow, /feed, /shared, …; docs/architecture.md, "@floow/domain").';

/**
 * One import style for @floow/domain (issue 25): the subpath of a concern, never the root
 * barrel or the old catch-all `./constants`, never a deep path into its `src/`; the
 * dependency-free `./logic` only in the runtime (`domainImports({ runtime: true })`). It is
 * typescript-eslint's `no-restricted-imports`, so it adds to the apps' own
 * `no-restricted-imports` rules (the API's layers) instead of replacing them.
 */
export function domainImports({ runtime = false } = {}) {
  return {
    name: "floow/domain-imports",
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@floow/domain", message: domainStyle },
            { name: "@floow/domain/constants", message: domainStyle },
            ...(runtime
              ? []
              : [
                  {
                    name: "@floow/domain/logic",
                    message: `Only the runtime imports @floow/domain/logic (it must not bundle zod). ${domainStyle}`,
                  },
                ]),
          ],
          patterns: [
            {
              group: ["@floow/domain/src/*", "**/packages/domain/src/**"],
              message: `No deep imports into a package's src/ (house style rule 2). ${domainStyle}`,
            },
          ],
        },
      ],
    },
  };
}

/** Shared lint rules: correctness first, style is prettier's job. */
export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/coverage/**",
      "**/storybook-static/**",
      "**/*.gen.ts",
      "**/.data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  // One import style for @floow/domain (issue 25; docs/architecture.md): concern subpaths.
  // packages/runtime/eslint.config.js adds domainImports({ runtime: true }) after base.
  domainImports(),
);
