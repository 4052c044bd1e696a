/**
 * The Events explanation (spec: 4 pages: what a data layer is, user interactions, events
 * previewer, integrations; Back and Next, Close on the last page; back to page 1 whenever
 * it opens). Opened from a domain's Implementation tab, /documentation and /inspect. Its
 * examples are the runtime's own messages for an example floow (example-floow.ts).
 */
import { EVENT_NAME, EVENT_TYPES } from "@floow/domain/events";
import type { FloowEventType } from "@floow/domain/events";
import type { FloowEvent } from "@floow/runtime";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@floow/ui";
import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { mountExample, recordExampleEvents } from "./example-floow";

export const EVENTS_DIALOG_TITLE = "Events explanation";

/** When each event type is pushed (docs/events.md is the full contract). */
export const EVENT_MOMENTS: Record<FloowEventType, string> = {
  mount: "the floow is shown on the page",
  start: "the visitor presses the start button",
  choice: "the visitor picks a choice (with the step and its choices)",
  form: "the visitor submits a valid form step (with the form inputs)",
  finish: "the visitor reaches the finish page (with the choices, form inputs and products)",
  product: "the visitor follows a result's product button (with the product)",
  restart: "the visitor presses Restart",
  close: "the visitor closes a dialog floow",
  holdout:
    "an experiment's holdout visitor would have seen the floow here, but is shown nothing (no other event follows)",
};

export const EVENTS_PAGES = [
  "What is a data layer?",
  "User interactions",
  "Events previewer",
  "Integrations",
] as const;

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-xl bg-grey-950 p-4 font-mono text-xs leading-relaxed text-grey-100"
    >
      {children}
    </pre>
  );
}

function useExampleEvents(): FloowEvent[] {
  const [events, setEvents] = useState<FloowEvent[]>([]);
  useEffect(() => {
    let live = true;
    void recordExampleEvents().then((recorded) => live && setEvents(recorded));
    return () => {
      live = false;
    };
  }, []);
  return events;
}

function DataLayerPage({ events }: { events: FloowEvent[] }) {
  const mount = events.find((e) => e.type === "mount");
  return (
    <>
      <p>
        A data layer is a list on your web page,{" "}
        <code className="font-mono text-xs">window.dataLayer</code>, where the page tells its tag
        manager (Google Tag Manager and others) what happens. Tags then send it on to your analytics
        and marketing tools, under your own consent rules.
      </p>
      <p>
        Each floow on your site pushes one message for every interaction, always named{" "}
        <code className="font-mono text-xs">{EVENT_NAME}</code>. This is the message a floow pushes
        when it shows:
      </p>
      {mount ? <Code label="mount message">{`window.dataLayer.push(${json(mount)});`}</Code> : null}
    </>
  );
}

function InteractionsPage({ events }: { events: FloowEvent[] }) {
  const choice = events.find((e) => e.type === "choice");
  return (
    <>
      <p>
        Every message has a <code className="font-mono text-xs">type</code>: what the visitor did.
      </p>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-grey-500 uppercase">
          <tr>
            <th className="py-1.5 pr-4 font-medium">type</th>
            <th className="py-1.5 font-medium">pushed when</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-grey-100">
          {EVENT_TYPES.map((type) => (
            <tr key={type}>
              <td className="py-1.5 pr-4 font-mono text-xs text-grey-900">{type}</td>
              <td className="py-1.5 text-grey-700">{EVENT_MOMENTS[type]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>A choice carries the question and every choice, with the one chosen:</p>
      {choice ? <Code label="choice message">{json(choice)}</Code> : null}
    </>
  );
}

function PreviewerPage() {
  const frame = useRef<HTMLDivElement>(null);
  const [events, setEvents] = useState<FloowEvent[]>([]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const instance = mountExample(element, (event) =>
      setEvents((list) => [event, ...list].slice(0, 20)),
    );
    return () => instance.destroy();
  }, []);
  const [latest] = events;
  return (
    <>
      <p>
        Click through the example floow: its messages show here as your data layer receives them.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div ref={frame} className="min-h-48 rounded-xl border border-grey-200 bg-grey-50 p-3" />
        <div className="flex min-w-0 flex-col gap-2">
          <ol aria-label="Received events" className="flex flex-wrap gap-1.5">
            {events
              .slice()
              .reverse()
              .map((event) => (
                <li
                  key={event.id}
                  className="rounded-full bg-primary-50 px-2.5 py-0.5 font-mono text-xs text-primary-800"
                >
                  {event.type}
                </li>
              ))}
          </ol>
          {latest ? <Code label="latest message">{json(latest)}</Code> : null}
        </div>
      </div>
    </>
  );
}

function IntegrationsPage({ events }: { events: FloowEvent[] }) {
  const finish = events.find((e) => e.type === "finish");
  return (
    <>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        <li>
          <strong className="font-medium text-grey-900">Tag managers</strong>: a custom-event
          trigger on <code className="font-mono text-xs">{EVENT_NAME}</code>, with data-layer
          variables such as <code className="font-mono text-xs">type</code> and{" "}
          <code className="font-mono text-xs">products</code>.
        </li>
        <li>
          <strong className="font-medium text-grey-900">Your own code</strong>:{" "}
          <code className="font-mono text-xs">window.floows</code> and the npm package&apos;s{" "}
          <code className="font-mono text-xs">on(type, handler)</code> give you the same messages.
        </li>
        <li>
          <strong className="font-medium text-grey-900">Webhooks and marketing tools</strong>: Floow
          receives the messages too and passes them on to the integrations you set up.
        </li>
      </ul>
      <p>At the finish page, a Guided Selling floow tells which products it recommended:</p>
      {finish ? <Code label="finish message">{json(finish)}</Code> : null}
    </>
  );
}

export function EventsExplanationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(0);
  const events = useExampleEvents();
  // Spec: the dialog starts at page 1 whenever it opens.
  useEffect(() => {
    if (open) setPage(0);
  }, [open]);
  const last = page === EVENTS_PAGES.length - 1;
  const pages: ReactNode[] = [
    <DataLayerPage key="data-layer" events={events} />,
    <InteractionsPage key="interactions" events={events} />,
    <PreviewerPage key="previewer" />,
    <IntegrationsPage key="integrations" events={events} />,
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{EVENTS_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            {page + 1} of {EVENTS_PAGES.length}: {EVENTS_PAGES[page]}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 text-sm text-grey-700">{pages[page]}</div>
        <DialogFooter>
          {page > 0 ? (
            <Button variant="outline" onClick={() => setPage(page - 1)}>
              Back
            </Button>
          ) : null}
          {last ? (
            <Button onClick={() => onOpenChange(false)}>Close</Button>
          ) : (
            <Button onClick={() => setPage(page + 1)}>Next</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The button that opens the Events explanation (Implementation tab, /documentation, /inspect). */
export function EventsExplanationButton({
  variant = "outline",
}: {
  variant?: "outline" | "secondary" | "ghost";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {EVENTS_DIALOG_TITLE}
      </Button>
      {open ? <EventsExplanationDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
