import base from "@floow/eslint-config/base";

export default [
  ...base,
  {
    // JSX compiles to Preact's `h` and `Fragment` (classic runtime): they count as used.
    files: ["**/*.tsx"],
    languageOptions: { parserOptions: { jsxPragma: "h", jsxFragmentName: "Fragment" } },
  },
];
