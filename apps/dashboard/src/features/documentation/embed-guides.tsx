import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@floow/ui";
import { CodeSnippet } from "../domains/code-snippet";
import { scriptTagSnippet } from "../domains/snippets";

const FLOOW_ID = "FLOOW_ID";
const DOMAIN_ID = "DOMAIN_ID";

const Code = ({ children }: { children: ReactNode }) => (
  <code className="font-mono text-xs">{children}</code>
);

/** The loader without a domain, and one `<floow-widget>`: what a theme block or a tag holds. */
export function widgetSnippet(origin: string, floowId = FLOOW_ID, open = false): string {
  return [
    `<script src="${origin}/embed.js" async></script>`,
    `<floow-widget floow-id="${floowId}"${open ? " open" : ""}></floow-widget>`,
  ].join("\n");
}

/**
 * The Content-Security-Policy directives a page needs for floows, from what the runtime loads
 * and adds (checked against packages/runtime: embed.js, floow.js, pages.js, floow-widget.js,
 * the public API calls, the domain's font stylesheets). No `'unsafe-inline'`: each floow's
 * styles are constructable stylesheets (packages/runtime/src/render/sheet.ts), which CSP does
 * not govern; e2e/csp.spec.ts shows a floow under these directives with no violation.
 */
export function cspDirectives(origin: string): string {
  return [
    `script-src ${origin};`,
    `connect-src ${origin};`,
    `img-src ${origin} https: data:;`,
    "style-src https://fonts.googleapis.com;",
    "font-src https://fonts.gstatic.com;",
    `frame-src ${origin};`,
  ].join("\n");
}

function Guide({
  title,
  children,
  code,
  label,
  language = "HTML",
}: {
  title: string;
  children: ReactNode;
  code: string;
  label: string;
  language?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {/* A CardDescription is a paragraph: the guides hold lists. */}
        <div className="flex flex-col gap-2 text-sm text-grey-500">{children}</div>
      </CardHeader>
      <CardContent>
        <CodeSnippet label={label} language={language} code={code} />
      </CardContent>
    </Card>
  );
}

/**
 * Embeds without code (issue 24): the `<floow-widget>` tag, where to paste it in Shopify,
 * WordPress and Google Tag Manager, the React component, and a strict Content-Security-Policy.
 */
export function EmbedGuides({ origin }: { origin: string }) {
  const reactExample = [
    'import { Floow } from "@floow/react";',
    "",
    "export function Advisor() {",
    `  return <Floow floowId="${FLOOW_ID}" apiUrl="${origin}" />;`,
    "}",
  ].join("\n");

  return (
    <>
      <Guide
        title="Without code: the floow-widget tag"
        label="floow-widget tag"
        code={widgetSnippet(origin)}
      >
        <p>
          One floow, exactly where you paste it, with no JavaScript to write. Replace{" "}
          <Code>{FLOOW_ID}</Code> with the id of a live floow (in the address of its editor). The
          floow shows where the tag is, and goes when the tag is removed.
        </p>
        <p>
          Attributes: <Code>floow-id</Code> (required); <Code>api-url</Code>, the Floow address (by
          default the one <Code>embed.js</Code> came from); <Code>open</Code>, to open a dialog
          floow over the page at once instead of showing its start page at the tag. Put the{" "}
          <Code>&lt;script&gt;</Code> line on a page once, however many tags it has; with{" "}
          <Code>data-domain</Code> it also shows your floows by their triggers. In an app built with
          a bundler, <Code>import &quot;@floow/runtime/element&quot;</Code> registers the same tag.
        </p>
      </Guide>

      <Guide title="Shopify theme" label="Shopify Custom Liquid block" code={widgetSnippet(origin)}>
        <p>No app and no app embed: a Custom Liquid block in the theme editor.</p>
        <ol className="list-decimal pl-5">
          <li>
            In Shopify admin, open <strong>Online Store → Themes</strong> and choose{" "}
            <strong>Customize</strong>.
          </li>
          <li>
            Open the template the floow belongs on (for example <strong>Products</strong>), then{" "}
            <strong>Add block</strong> (or <strong>Add section</strong>) →{" "}
            <strong>Custom Liquid</strong>.
          </li>
          <li>
            Paste the lines below into its <strong>Liquid code</strong> box, move the block where
            the floow should show, and <strong>Save</strong>.
          </li>
        </ol>
        <p>
          To show floows by their triggers on every page instead, paste your domain&apos;s script
          tag (Implementation tab) into a Custom Liquid section of the footer.
        </p>
      </Guide>

      <Guide title="WordPress" label="WordPress Custom HTML block" code={widgetSnippet(origin)}>
        <ol className="list-decimal pl-5">
          <li>
            Edit the page or post, add a <strong>Custom HTML</strong> block where the floow should
            show (type <Code>/html</Code>).
          </li>
          <li>
            Paste the lines below, then <strong>Update</strong> (or <strong>Publish</strong>).
          </li>
        </ol>
        <p>
          WordPress keeps a <Code>&lt;script&gt;</Code> only for users allowed to post unfiltered
          HTML (administrators and editors; on a multisite network, super admins). Otherwise paste
          just the <Code>&lt;floow-widget&gt;</Code> line in the block, and have an administrator
          add the <Code>&lt;script&gt;</Code> line to every page (the theme&apos;s footer, or a
          header-and-footer plugin).
        </p>
      </Guide>

      <Guide
        title="Google Tag Manager"
        label="Tag Manager Custom HTML tag"
        code={scriptTagSnippet(origin, DOMAIN_ID)}
      >
        <ol className="list-decimal pl-5">
          <li>
            In your container, <strong>Tags → New → Tag Configuration → Custom HTML</strong>.
          </li>
          <li>
            Paste your domain&apos;s script tag (below, with its id from the Implementation tab):
            your floows show where their triggers say.
          </li>
          <li>
            <strong>Triggering</strong>: <strong>All Pages</strong> (or the pages that have floows).
            Save, then <strong>Submit</strong> and publish the container.
          </li>
        </ol>
        <p>
          A Custom HTML tag lands at the end of the page, so for one floow without triggers use a
          dialog: <Code>{widgetSnippet(origin, FLOOW_ID, true).split("\n")[1]}</Code> with the{" "}
          <Code>embed.js</Code> line opens it over the page. Every interaction is pushed to the data
          layer as event <Code>floows</Code>, for your other tags.
        </p>
      </Guide>

      <Guide title="React" label="React component" language="TSX" code={reactExample}>
        <p>
          <Code>npm install @floow/react</Code>. <Code>&lt;Floow&gt;</Code> takes the same options
          as <Code>mount()</Code> as props (<Code>floowId</Code> with <Code>apiUrl</Code>, or{" "}
          <Code>floow</Code>), mounts from an effect (server rendering shows nothing until the
          browser runs it) and cleans up on unmount: under StrictMode exactly one floow shows.
        </p>
      </Guide>

      <Guide
        title="A strict Content-Security-Policy"
        label="Content-Security-Policy directives"
        language="CSP"
        code={cspDirectives(origin)}
      >
        <p>Add these sources to your page&apos;s policy (keep your own beside them):</p>
        <ul className="list-disc pl-5">
          <li>
            <Code>script-src</Code>: <Code>embed.js</Code> and the files it loads (
            <Code>/runtime/floow.js</Code>, <Code>/runtime/pages.js</Code>,{" "}
            <Code>/runtime/floow-widget.js</Code>). With nonces instead, give the nonce to the{" "}
            <Code>embed.js</Code> tag: it passes it on to the scripts it adds, with or without{" "}
            <Code>&apos;strict-dynamic&apos;</Code>.
          </li>
          <li>
            <Code>connect-src</Code>: the floows, the results and the events (fetch and beacons to{" "}
            <Code>/api/public/…</Code>).
          </li>
          <li>
            No <Code>&apos;unsafe-inline&apos;</Code>: each floow&apos;s styles are constructable
            stylesheets inside its own shadow root (they cannot reach your page), which the policy
            does not govern, and the inline styles it sets go through the DOM, which CSP allows.
            Only your domain&apos;s web fonts need <Code>style-src</Code> (Google Fonts shown) and{" "}
            <Code>font-src</Code>; leave both lines out without web fonts. Browsers without
            constructable stylesheets (Safari before 16.4) get a <Code>&lt;style&gt;</Code> with the{" "}
            <Code>embed.js</Code> tag&apos;s nonce: with a nonce, add it to <Code>style-src</Code>{" "}
            too.
          </li>
          <li>
            <Code>img-src</Code>: product images come from your feed&apos;s hosts (
            <Code>https:</Code>, or list them), uploaded images from Floow, and images in texts may
            be <Code>data:</Code> URLs.
          </li>
          <li>
            <Code>frame-src</Code>: only when you show a floow&apos;s hosted page (
            <Code>{`${origin}/floow/${FLOOW_ID}`}</Code>) in an iframe.
          </li>
        </ul>
      </Guide>
    </>
  );
}
