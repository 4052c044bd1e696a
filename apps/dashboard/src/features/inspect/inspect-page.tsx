import { EVENT_TYPES, type FloowEventType } from "@floow/domain/events";
import {
  AlertTriangleIcon,
  Button,
  EmptyState,
  Field,
  SearchIcon,
  Select,
  Spinner,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { EventsExplanationButton } from "../events-explanation/events-explanation-dialog";
import { Page, PageHeader } from "../layout/page";
import { EVENT_TYPE_LABELS } from "./event-summary";
import { EventsTable } from "./events-table";
import { useLiveEvents } from "./live-events";
import { useRecentEvents, type EventFilters } from "./recent-events";

/**
 * /inspect: the organization's latest floow interaction events as they reached Floow
 * (`POST /api/public/events`), newest first; while live, new ones appear as they arrive (a long poll).
 */
export function InspectPage() {
  const trpc = useTRPC();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const [filters, setFilters] = useState<EventFilters>({});
  const [live, setLive] = useState(true);
  const recent = useRecentEvents(filters);
  useLiveEvents(filters, live, recent.isSuccess);
  const filtered = filters.floowId !== undefined || filters.type !== undefined;
  const floows = [...bundle.floows].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Page>
      <PageHeader
        title="Inspect"
        description="The latest interactions with your live floows, as they reach Floow."
        actions={
          <>
            <EventsExplanationButton variant="ghost" />
            <Button
              variant="outline"
              aria-pressed={!live}
              onClick={() => setLive((current) => !current)}
            >
              <span
                aria-hidden="true"
                className={
                  live
                    ? "size-2 animate-pulse rounded-full bg-primary-500"
                    : "size-2 rounded-full bg-grey-400"
                }
              />
              {live ? "Pause" : "Resume"}
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Floow" className="w-64">
            <Select
              value={filters.floowId ?? ""}
              onChange={(change) =>
                setFilters({ ...filters, floowId: change.target.value || undefined })
              }
            >
              <option value="">All floows</option>
              {floows.map((floow) => (
                <option key={floow.id} value={floow.id}>
                  {floow.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Event type" className="w-48">
            <Select
              value={filters.type ?? ""}
              onChange={(change) =>
                setFilters({
                  ...filters,
                  type: (change.target.value || undefined) as FloowEventType | undefined,
                })
              }
            >
              <option value="">All types</option>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EVENT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <p className="pb-2 text-xs text-grey-500" role="status">
            {live ? "Live: new events appear as they arrive" : "Paused"}
          </p>
        </div>

        {recent.isPending ? (
          <div className="flex items-center justify-center gap-3 py-14 text-sm text-grey-600">
            <Spinner label="Loading events" />
          </div>
        ) : recent.isError && recent.events.length === 0 ? (
          <p className="flex items-center gap-2 rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-700">
            <AlertTriangleIcon size={16} />
            The events could not be loaded. {recent.error.message}
          </p>
        ) : recent.events.length === 0 ? (
          filtered ? (
            <p className="rounded-2xl border border-dashed border-grey-300 bg-white px-6 py-10 text-center text-sm text-grey-500">
              No events match these filters.
            </p>
          ) : (
            <EmptyState
              icon={<SearchIcon size={24} />}
              title="No events yet"
              description="No events yet. Publish a floow and open the page where it shows: its interactions appear here within seconds."
            />
          )
        ) : (
          <>
            <EventsTable events={recent.events} />
            {recent.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  loading={recent.isFetchingNextPage}
                  disabled={recent.isFetchingNextPage}
                  onClick={() => void recent.fetchNextPage()}
                >
                  Load older
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
