import type { Domain } from "@floow/domain/domain";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@floow/ui";
import { EventsExplanationButton } from "../events-explanation/events-explanation-dialog";
import { CodeSnippet } from "./code-snippet";
import { npmInstallSnippet, npmMountSnippet, scriptTagSnippet } from "./snippets";

/** The #implementation tab: how to load this domain's floows on the website. */
export function DomainImplementation({
  domain,
  origin = window.location.origin,
}: {
  domain: Pick<Domain, "id" | "host">;
  origin?: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Script tag</CardTitle>
          <CardDescription>
            Paste this tag just before <code className="font-mono text-xs">&lt;/body&gt;</code> on
            every page of <span className="font-medium text-grey-800">{domain.host}</span>. It loads
            a tiny loader that shows your live floows where their triggers match.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CodeSnippet
            label="script tag"
            language="HTML"
            code={scriptTagSnippet(origin, domain.id)}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>npm package</CardTitle>
          <CardDescription>
            For sites built with a bundler: install the runtime and mount it once.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CodeSnippet label="install command" language="Shell" code={npmInstallSnippet()} />
          <CodeSnippet
            label="mount example"
            language="JavaScript"
            code={npmMountSnippet(origin, domain.id)}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Events</CardTitle>
          <CardDescription>
            Every interaction with a floow is pushed to your page&apos;s data layer. See what the
            messages look like, and click through an example.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EventsExplanationButton />
        </CardContent>
      </Card>
    </div>
  );
}
