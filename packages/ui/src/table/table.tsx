import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { Button } from "../button/button";
import { cn } from "../lib/cn";

/**
 * A stacked table (`<Table stack>`): below `sm` each row is a card of "label value" lines
 * instead of a row wider than the phone. Its parts then carry explicit table roles: a table
 * displayed as blocks may lose its table semantics in some browsers, and the roles keep it a
 * table for screen readers (and for tests that find rows and cells by role).
 */
const StackContext = createContext(false);
const useStack = () => useContext(StackContext);

/** What `stack` changes below `sm`: header hidden (still read), rows as cards, cells as lines. */
const STACKED = cn(
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:px-5 max-sm:[&_tr]:py-3",
  "max-sm:[&_thead]:sr-only",
  "max-sm:[&_td]:flex max-sm:[&_td]:min-h-8 max-sm:[&_td]:items-center max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:px-0! max-sm:[&_td]:py-1 max-sm:[&_td]:text-right",
  "max-sm:[&_td:not([data-label])]:justify-start max-sm:[&_td]:[overflow-wrap:anywhere] max-sm:[&_td:empty]:hidden",
  "max-sm:[&_td[data-label]]:before:shrink-0 max-sm:[&_td[data-label]]:before:text-left max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-grey-500 max-sm:[&_td[data-label]]:before:content-[attr(data-label)]",
);

/**
 * A data table: a bordered, horizontally scrolling card around a plain `<table>`. The parts
 * are the table elements with the design system's look; the table's semantics (headers,
 * `scope`, `aria-sort`) stay the browser's, so screen readers and tests read it as a table.
 */
export function Table({
  className,
  containerClassName,
  stack = false,
  ...props
}: ComponentProps<"table"> & {
  containerClassName?: string;
  /** Below `sm`, show each row as a card of labelled lines (give cells a `label`). */
  stack?: boolean;
}) {
  return (
    <StackContext.Provider value={stack}>
      <div
        // A keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
        tabIndex={0}
        className={cn(
          // `relative`: a visually hidden header (absolute) stays inside the scrolling box
          // instead of widening the page at its unclipped position.
          "relative overflow-x-auto rounded-2xl border border-grey-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-primary-500",
          containerClassName,
        )}
      >
        <table
          role={stack ? "table" : undefined}
          className={cn("w-full text-left text-sm", stack && STACKED, className)}
          {...props}
        />
      </div>
    </StackContext.Provider>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead
      role={useStack() ? "rowgroup" : undefined}
      className={cn(
        "border-b border-grey-200 bg-grey-50/60 text-xs font-medium tracking-wide text-grey-500 uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <tbody
      role={useStack() ? "rowgroup" : undefined}
      className={cn("divide-y divide-grey-100", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      role={useStack() ? "row" : undefined}
      className={cn("transition-colors hover:bg-grey-50/70", className)}
      {...props}
    />
  );
}

/** A column header (`scope="col"`). */
export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      role={useStack() ? "columnheader" : undefined}
      className={cn("px-3 py-3 font-medium first:pl-5 last:pr-5", className)}
      {...props}
    />
  );
}

export function TableCell({
  className,
  label,
  ...props
}: ComponentProps<"td"> & {
  /** The column's name, shown before the value when a stacked table is a card (phone). */
  label?: string;
}) {
  return (
    <td
      role={useStack() ? "cell" : undefined}
      data-label={label}
      className={cn("px-3 py-3 align-middle first:pl-5 last:pr-5", className)}
      {...props}
    />
  );
}

/**
 * The chevron that opens and closes an expandable row's details. It stops its click, so a
 * row that toggles on click too is not toggled twice.
 */
export function TableExpandButton({
  open,
  label,
  controls,
  onToggle,
}: {
  open: boolean;
  /** What the button does, e.g. "Show attributes of Trail shoe". */
  label: string;
  /** The id of the details it shows, while they are shown. */
  controls?: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className="flex size-7 cursor-pointer items-center justify-center rounded-md text-grey-500 hover:bg-grey-100 hover:text-grey-900 focus-visible:outline-2 focus-visible:outline-primary-500"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        width={14}
        height={14}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn("transition-transform", open && "rotate-90")}
      >
        <path d="m6 4 4 4-4 4" />
      </svg>
    </button>
  );
}

export type SortDirection = "asc" | "desc";

export type SortableTableHeadProps = Omit<ComponentProps<"th">, "children" | "onClick"> & {
  children: ReactNode;
  /** The column the table is sorted by, in `direction`; otherwise unsorted. */
  active: boolean;
  direction: SortDirection;
  /** Pressed: the caller decides the next order (usually: toggle when active, else ascending). */
  onSort: () => void;
};

/**
 * A column header whose button sorts the table. `aria-sort` tells assistive technology the
 * current order; the arrow shows it.
 */
export function SortableTableHead({
  children,
  active,
  direction,
  onSort,
  className,
  ...props
}: SortableTableHeadProps) {
  return (
    <TableHead
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={className}
      {...props}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          "-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 tracking-wide uppercase transition-colors hover:text-grey-900 focus-visible:outline-2 focus-visible:outline-primary-500",
          active && "text-grey-900",
        )}
      >
        {children}
        <SortArrow active={active} direction={direction} />
      </button>
    </TableHead>
  );
}

function SortArrow({ active, direction }: { active: boolean; direction: SortDirection }) {
  return (
    <svg
      aria-hidden="true"
      width={12}
      height={12}
      viewBox="0 0 12 12"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn(active ? "opacity-100" : "opacity-40")}
    >
      {active ? (
        direction === "asc" ? (
          <path d="M3 7.5 6 4.5l3 3" />
        ) : (
          <path d="M3 4.5 6 7.5l3-3" />
        )
      ) : (
        <path d="M3.5 4.5 6 2l2.5 2.5M3.5 7.5 6 10l2.5-2.5" />
      )}
    </svg>
  );
}

export type TablePaginationProps = {
  /** Index of the first row shown (0-based). */
  offset: number;
  /** Rows per page. */
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** What the rows are, for the summary ("products"). */
  noun?: string;
  className?: string;
};

/** "1–25 of 120 products" with Previous and Next. */
export function TablePagination({
  offset,
  limit,
  total,
  onOffsetChange,
  noun = "rows",
  className,
}: TablePaginationProps) {
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav
      aria-label="Pagination"
      className={cn("flex items-center justify-between gap-3 text-sm text-grey-600", className)}
    >
      <p className="tabular-nums">
        {first}–{last} of {total} {noun}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset <= 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
