/** The package version, replaced at build time (tsup `define`); tests see it as a global. */
declare const __VERSION__: string;
