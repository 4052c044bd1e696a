import { formatDateNl } from "@floow/domain/shared";
import { type WebhookDelivery } from "@floow/domain/webhook";
import {
  Badge,
  Button,
  cn,
  RotateCcwIcon,
  Table,
  TableBody,
  TableCell,
  TableExpandButton,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@floow/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { EVENT_TYPE_LABELS } from "../inspect/event-summary";

const timeNl = new Intl.DateTimeFormat("nl-NL", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const formatTime = (iso: string) => `${formatDateNl(iso)} ${timeNl.format(new Date(iso))}`;

function statusBadge(delivery: WebhookDelivery) {
  if (delivery.status === "pending" && delivery.attempts === 0)
    return <Badge variant="neutral">Queued</Badge>;
  const code = delivery.responseStatus === null ? "No answer" : String(delivery.responseStatus);
  const variant =
    delivery.status === "succeeded"
      ? "success"
      : delivery.status === "failed"
        ? "danger"
        : "warning";
  return (
    <Badge variant={variant} dot data-testid="delivery-status">
      {code}
    </Badge>
  );
}

function eventLabel(type: string) {
  if (type === "test") return "Test event";
  return EVENT_TYPE_LABELS[type as keyof typeof EVENT_TYPE_LABELS] ?? type;
}

/**
 * A webhook's delivery log (kept 30 days): time, event, status code, attempts, latency and
 * the first 1 kB of the answer; "Send test event", and "Replay" on each delivery (admins).
 * Refreshes every 5 s while open, so retries show up.
 */
export function DeliveryLog({ webhookId, canManage }: { webhookId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const { data, isPending } = useQuery({
    ...trpc.webhook.deliveries.queryOptions({ webhookId, limit: 25 }),
    refetchInterval: 5000,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.webhook.deliveries.pathKey() });
  const sendTest = useMutation(trpc.webhook.sendTest.mutationOptions({ onSettled: refresh }));
  const replay = useMutation(trpc.webhook.replay.mutationOptions({ onSettled: refresh }));
  const deliveries = data?.deliveries ?? [];

  return (
    <div className="flex flex-col gap-3" aria-label="Delivery log" role="region">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-grey-600">Deliveries of the last 30 days, newest first.</p>
        {canManage ? (
          <Button
            variant="outline"
            size="sm"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(
                { id: webhookId },
                { onError: () => toast.error("Something went wrong sending the test event") },
              )
            }
          >
            Send test event
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <p className="text-sm text-grey-500">Loading deliveries…</p>
      ) : deliveries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-grey-200 px-4 py-6 text-center text-sm text-grey-500">
          No deliveries yet. Answers of the floows this webhook listens to appear here.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-grey-200">
          <Table aria-label="Deliveries" className="min-w-[44rem]">
            <TableHeader>
              <tr>
                <TableHead className="w-10">
                  <span className="sr-only">Answer</span>
                </TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Latency</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {deliveries.map((delivery) => {
                const expanded = open === delivery.id;
                const answerId = `delivery-answer-${delivery.id}`;
                return [
                  <TableRow
                    key={delivery.id}
                    data-testid="delivery-row"
                    className={cn("cursor-pointer", expanded && "bg-grey-50/70")}
                    onClick={() => setOpen(expanded ? null : delivery.id)}
                  >
                    <TableCell>
                      <TableExpandButton
                        open={expanded}
                        label={`${expanded ? "Hide" : "Show"} the answer`}
                        controls={expanded ? answerId : undefined}
                        onToggle={() => setOpen(expanded ? null : delivery.id)}
                      />
                    </TableCell>
                    <TableCell className="text-xs whitespace-nowrap text-grey-600 tabular-nums">
                      <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>
                    </TableCell>
                    <TableCell className="text-grey-900">
                      {eventLabel(delivery.eventType)}
                      {delivery.replayOf ? (
                        <span className="ml-2 text-xs text-grey-500">replay</span>
                      ) : null}
                    </TableCell>
                    <TableCell>{statusBadge(delivery)}</TableCell>
                    <TableCell className="tabular-nums text-grey-700">
                      {delivery.attempts}
                      {delivery.status === "pending" &&
                      delivery.nextAttemptAt &&
                      delivery.attempts > 0 ? (
                        <span className="ml-1 text-xs text-grey-500">
                          · next {formatTime(delivery.nextAttemptAt)}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="tabular-nums text-grey-700">
                      {delivery.latencyMs === null ? "–" : `${delivery.latencyMs} ms`}
                    </TableCell>
                    <TableCell className="text-right">
                      {canManage ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label="Replay"
                          loading={replay.isPending && replay.variables?.id === delivery.id}
                          onClick={(event) => {
                            event.stopPropagation();
                            replay.mutate(
                              { id: delivery.id },
                              {
                                onError: () =>
                                  toast.error("Something went wrong replaying the delivery"),
                              },
                            );
                          }}
                        >
                          <RotateCcwIcon size={14} />
                          Replay
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>,
                  expanded ? (
                    <tr key={`${delivery.id}-answer`} id={answerId} className="bg-grey-50/70">
                      <td colSpan={7} className="px-5 pb-4">
                        {delivery.error ? (
                          <p className="mb-2 text-sm text-red-700">{delivery.error}</p>
                        ) : null}
                        <pre
                          aria-label="Answer"
                          tabIndex={0}
                          className="max-h-64 overflow-auto rounded-lg border border-grey-200 bg-white p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-grey-800"
                        >
                          {delivery.responseBody || "(no answer body)"}
                        </pre>
                        <p className="mt-2 text-xs text-grey-500">
                          webhook-id <code className="font-mono">{delivery.messageId}</code>
                        </p>
                      </td>
                    </tr>
                  ) : null,
                ];
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
