/** This build's id (vite.config.ts: build/version-manifest.ts); undefined under Vitest. */
declare const __FLOOW_BUILD__: string | undefined;
