import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Shared lint rules: correctness first, style is prettier's job. */
export default tseslint.config(
  { ignores: ["**/dist/**", "**/coverage/**", "**/storybook-static/**", "**/*.gen.ts", "**/.data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
