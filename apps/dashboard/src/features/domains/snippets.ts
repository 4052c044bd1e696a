/** The npm package of the runtime (packages/runtime). */
export const RUNTIME_PACKAGE = "@floow/runtime";

/**
 * The script tag that loads the floows of a domain on a website: `embed.js` from this
 * dashboard's own origin, which serves the runtime (docs/architecture.md).
 */
export function scriptTagSnippet(origin: string, domainId: string): string {
  return `<script src="${origin}/embed.js" data-domain="${domainId}" async></script>`;
}

export function npmInstallSnippet(): string {
  return `npm install ${RUNTIME_PACKAGE}`;
}

/** Mounting the runtime from the npm package, for sites built with a bundler. */
export function npmMountSnippet(origin: string, domainId: string): string {
  return [
    `import { mount } from "${RUNTIME_PACKAGE}";`,
    "",
    "// Shows the live floows of this domain on the current page.",
    "mount({",
    `  domainId: "${domainId}",`,
    `  apiUrl: "${origin}",`,
    "});",
  ].join("\n");
}
