import base from "@floow/eslint-config/base";

export default [
  ...base,
  {
    // JSX compiles to the renderer's own `h` and `Fragment` (src/render/dom.ts): they count as used.
    files: ["**/*.tsx"],
    languageOptions: { parserOptions: { jsxPragma: "h", jsxFragmentName: "Fragment" } },
  },
];
