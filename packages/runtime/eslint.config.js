import base, { domainImports } from "@floow/eslint-config/base";

export default [
  ...base,
  // The runtime imports @floow/domain's dependency-free ./logic only (no zod in its bundles).
  domainImports({ runtime: true }),
  {
    // JSX compiles to Preact's `h` and `Fragment` (classic runtime): they count as used.
    files: ["**/*.tsx"],
    languageOptions: { parserOptions: { jsxPragma: "h", jsxFragmentName: "Fragment" } },
  },
];
