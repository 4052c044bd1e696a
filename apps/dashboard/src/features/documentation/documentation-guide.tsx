import { EVENT_NAME, EVENT_TYPES } from "@floow/domain/events";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@floow/ui";
import { CodeSnippet } from "../domains/code-snippet";
import {
  EVENT_MOMENTS,
  EventsExplanationButton,
} from "../events-explanation/events-explanation-dialog";
import { npmInstallSnippet, RUNTIME_PACKAGE, scriptTagSnippet } from "../domains/snippets";
import { EmbedGuides } from "./embed-guides";

const DOMAIN_ID = "DOMAIN_ID";

/**
 * The /documentation screen: how to put floows on a website and use their events. The
 * snippets are built with the same functions as a domain's Implementation tab, so the two
 * never disagree.
 */
export function DocumentationGuide({ origin = window.location.origin }: { origin?: string }) {
  const mountExample = [
    `import { mount, on } from "${RUNTIME_PACKAGE}";`,
    "",
    "// One floow, in an element of yours.",
    'const floow = mount(document.querySelector("#advisor"), {',
    '  floowId: "FLOOW_ID",',
    `  apiUrl: "${origin}",`,
    "});",
    "",
    "// Every interaction, as it happens.",
    'on("finish", (event) => console.log(event.products));',
  ].join("\n");
  const dataLayerExample = [
    "window.dataLayer = window.dataLayer || [];",
    "// Each interaction arrives as:",
    `// { event: "${EVENT_NAME}", type: "choice", floowId, sessionId, step, choices, ... }`,
  ].join("\n");

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>On any website: the script tag</CardTitle>
          <CardDescription>
            Paste one line before <code className="font-mono text-xs">&lt;/body&gt;</code>. The line
            with your domain&apos;s id filled in is on its{" "}
            <a href="/domains" className="font-medium text-moss-700 underline">
              Implementation tab
            </a>
            . The loader shows your live floows where their triggers match the page; add{" "}
            <code className="font-mono text-xs">?floowsDebug=true</code> to a page&apos;s address to
            see in the console why each trigger did or did not match, and open a floow from your own
            code with{" "}
            <code className="font-mono text-xs">window.floows.show(&quot;FLOOW_ID&quot;)</code>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CodeSnippet
            label="script tag"
            language="HTML"
            code={scriptTagSnippet(origin, DOMAIN_ID)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>In your app: the npm package</CardTitle>
          <CardDescription>
            For sites built with a bundler. The package exports{" "}
            <code className="font-mono text-xs">mount</code>,{" "}
            <code className="font-mono text-xs">open</code>,{" "}
            <code className="font-mono text-xs">on</code> and{" "}
            <code className="font-mono text-xs">destroy</code>, with TypeScript types.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CodeSnippet label="install command" language="Shell" code={npmInstallSnippet()} />
          <CodeSnippet label="mount example" language="JavaScript" code={mountExample} />
        </CardContent>
      </Card>

      <EmbedGuides origin={origin} />

      <Card>
        <CardHeader>
          <CardTitle>Data-layer events</CardTitle>
          <CardDescription>
            Every interaction is pushed to{" "}
            <code className="font-mono text-xs">window.dataLayer</code> as event{" "}
            <code className="font-mono text-xs">{EVENT_NAME}</code>, so tag managers can act on it.
            A floow inside an iframe also posts the same message to the parent page.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div>
            <EventsExplanationButton />
          </div>
          <CodeSnippet label="data-layer example" language="JavaScript" code={dataLayerExample} />
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-grey-500 uppercase">
              <tr>
                <th className="py-2 pr-4 font-medium">type</th>
                <th className="py-2 font-medium">pushed when</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-grey-100">
              {EVENT_TYPES.map((type) => (
                <tr key={type}>
                  <td className="py-2 pr-4 font-mono text-xs text-grey-900">{type}</td>
                  <td className="py-2 text-grey-700">{EVENT_MOMENTS[type]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
