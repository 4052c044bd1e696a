/** The package version, replaced at build time (tsup `define`); tests see it as a global. */
declare const __VERSION__: string;
/**
 * True only in the script-tag renderer (`dist/floow.js`, tsup `define`): it skips the browser
 * sanitizer (the API sanitizes the rich text it serves) and uses the loader's history patch.
 */
declare const __SCRIPT_TAG__: boolean;
