import type { InspectedEvent } from "@floow/domain/events";
import {
  Badge,
  cn,
  Table,
  TableBody,
  TableCell,
  TableExpandButton,
  TableHead,
  TableHeader,
  TableRow,
} from "@floow/ui";
import { useState } from "react";
import {
  EVENT_TYPE_BADGES,
  EVENT_TYPE_LABELS,
  eventSummary,
  formatEventTime,
  prettyPayload,
  shortSessionId,
} from "./event-summary";

/**
 * Stored events, newest first: time, type, floow, session and what the event was about.
 * A row opens to show the message as the runtime sent it, as JSON text (never as HTML:
 * the payload is whatever a visitor's browser posted).
 */
export function EventsTable({ events }: { events: readonly InspectedEvent[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table aria-label="Events" className="min-w-[52rem]">
      <TableHeader>
        <tr>
          <TableHead className="w-10">
            <span className="sr-only">Payload</span>
          </TableHead>
          <TableHead>Time</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Floow</TableHead>
          <TableHead>Session</TableHead>
          <TableHead>Details</TableHead>
        </tr>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <EventRows
            key={event.id}
            event={event}
            open={open.has(event.id)}
            onToggle={() => toggle(event.id)}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function EventRows({
  event,
  open,
  onToggle,
}: {
  event: InspectedEvent;
  open: boolean;
  onToggle: () => void;
}) {
  const summary = eventSummary(event.payload);
  const payloadId = `event-payload-${event.id}`;
  return (
    <>
      <TableRow
        data-testid="event-row"
        className={cn("cursor-pointer", open && "bg-grey-50/70")}
        onClick={onToggle}
      >
        <TableCell>
          <TableExpandButton
            open={open}
            label={`${open ? "Hide" : "Show"} payload of this ${EVENT_TYPE_LABELS[event.type].toLowerCase()} event`}
            controls={open ? payloadId : undefined}
            onToggle={onToggle}
          />
        </TableCell>
        <TableCell
          className="text-xs whitespace-nowrap text-grey-600 tabular-nums"
          data-testid="event-time"
        >
          <time dateTime={event.createdAt}>{formatEventTime(event.createdAt)}</time>
        </TableCell>
        <TableCell>
          <Badge variant={EVENT_TYPE_BADGES[event.type]}>{EVENT_TYPE_LABELS[event.type]}</Badge>
        </TableCell>
        <TableCell className="max-w-48 truncate font-medium text-grey-900" title={event.floowName}>
          {event.floowName || "Untitled floow"}
        </TableCell>
        <TableCell className="font-mono text-xs text-grey-600" title={event.sessionId}>
          {shortSessionId(event.sessionId)}
        </TableCell>
        <TableCell
          className="max-w-80 truncate text-grey-700"
          title={summary || undefined}
          data-testid="event-summary"
        >
          {summary || <span className="text-grey-400">–</span>}
        </TableCell>
      </TableRow>
      {open ? (
        <tr id={payloadId} className="bg-grey-50/70">
          <td colSpan={6} className="px-5 pb-4">
            <pre
              aria-label="Payload"
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-lg border border-grey-200 bg-white p-3 font-mono text-xs leading-relaxed text-grey-800"
            >
              {prettyPayload(event.payload)}
            </pre>
          </td>
        </tr>
      ) : null}
    </>
  );
}
