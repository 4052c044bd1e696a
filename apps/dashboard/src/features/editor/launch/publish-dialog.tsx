/**
 * Publish (issue 26, docs/editor.md "Publishing"): saves what is pending, then shows what
 * changes against the live version and what the check found (the server's rules and axe on
 * the rendered draft), with a link to each place. Errors block publishing with their
 * reasons; warnings let the merchant publish anyway. A clean check leaves Publish as the
 * dialog's one, focused action.
 */
import { VERSION_NOTE_MAX } from "@floow/domain/floow";
import type { CheckItem, CheckTarget, FloowChange, FloowChangeArea } from "@floow/domain/publish";
import {
  AlertTriangleIcon,
  Badge,
  Button,
  CheckIcon,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Spinner,
  Textarea,
  XIcon,
} from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPC } from "../../../lib/trpc";
import { useEditor } from "../editor-context";
import { DEVICE_WIDTHS } from "../preview";
import { checkAccessibility } from "./a11y-check";
import { targetLabel, useGoToTarget } from "./check-target";
import { publishCheckOptions, versionsOptions } from "./versions-queries";

const AREA_LABELS: Record<FloowChangeArea, string> = {
  settings: "Settings",
  start: "Start page",
  steps: "Steps",
  choices: "Choices",
  filters: "Filters",
  conditions: "Conditions",
  texts: "Texts",
  style: "Style",
  triggers: "Triggers",
  finish: "Finish page",
};
const AREA_ORDER = Object.keys(AREA_LABELS) as FloowChangeArea[];

const KIND_MARKS: Record<FloowChange["kind"], { mark: string; label: string; tone: string }> = {
  added: { mark: "+", label: "Added", tone: "bg-primary-50 text-primary-700 ring-primary-200" },
  removed: { mark: "−", label: "Removed", tone: "bg-red-50 text-red-700 ring-red-200" },
  changed: { mark: "~", label: "Changed", tone: "bg-sky-50 text-sky-700 ring-sky-200" },
};

type A11yState = { status: "idle" | "running" } | { status: "done"; items: CheckItem[] };

/** When axe could not run (it failed to load, the preview failed): said, but not blocking. */
const A11Y_UNAVAILABLE: CheckItem = {
  severity: "warning",
  rule: "a11y-unavailable",
  message: "The accessibility check could not run on this draft.",
};

export function PublishDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <PublishDialogContent onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function PublishDialogContent({ onClose }: { onClose: () => void }) {
  const { floow, domain, api, flush, publish, publishing } = useEditor();
  const trpc = useTRPC();
  const goTo = useGoToTarget();
  const noteId = useId();
  const [note, setNote] = useState("");
  // First the server gets what is on screen: the check and the publish read the saved draft.
  const [saved, setSaved] = useState<boolean | null>(null);
  const [a11y, setA11y] = useState<A11yState>({ status: "idle" });
  const hostRef = useRef<HTMLDivElement>(null);
  const floowRef = useRef(floow);
  floowRef.current = floow;

  const opened = useRef({ flush, onClose });
  useEffect(() => {
    let cancelled = false;
    const { flush: save, onClose: close } = opened.current;
    // After this render's effects, the editor's own included (they run after a child's):
    // an edit made just before opening (the feed chosen for it) is in autosave by then.
    const timer = setTimeout(() => {
      void save().then((ok) => {
        if (cancelled) return;
        setSaved(ok);
        // Not saved (a conflict has its own dialog; an error its toast): nothing to publish.
        if (!ok) close();
      });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  const check = useQuery({ ...publishCheckOptions(trpc, floow.id), enabled: saved === true });
  const versions = useQuery(versionsOptions(trpc, floow.id));

  useEffect(() => {
    const host = hostRef.current;
    if (saved !== true || !host) return;
    const controller = new AbortController();
    const { signal } = controller;
    setA11y({ status: "running" });
    checkAccessibility(host, floowRef.current, domain, api.previewResults, signal).then(
      (items) => !signal.aborted && setA11y({ status: "done", items }),
      () => !signal.aborted && setA11y({ status: "done", items: [A11Y_UNAVAILABLE] }),
    );
    return () => controller.abort();
  }, [saved, domain, api.previewResults]);

  const checking = saved !== true || check.isPending || a11y.status !== "done";
  const items = [...(check.data?.items ?? []), ...(a11y.status === "done" ? a11y.items : [])];
  const errors = items.filter((item) => item.severity === "error");
  const warnings = items.filter((item) => item.severity === "warning");
  const nextNumber = (versions.data?.versions[0]?.number ?? 0) + 1;
  const liveVersion = check.data?.liveVersion ?? versions.data?.liveVersion ?? null;
  // One click (or Enter) when clean: Publish takes the focus once the check is done, unless
  // the merchant has moved it meanwhile (typing the note, say).
  const contentRef = useRef<HTMLDivElement>(null);
  const publishRef = useRef<HTMLButtonElement>(null);
  const clean = !checking && errors.length === 0 && !check.isError;
  useEffect(() => {
    if (clean && document.activeElement === contentRef.current) publishRef.current?.focus();
  }, [clean]);
  const open = (target: CheckTarget) => {
    goTo(target);
    onClose();
  };

  return (
    <DialogContent
      ref={contentRef}
      className="max-w-5xl"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        contentRef.current?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>Publish version {nextNumber}</DialogTitle>
        <DialogDescription>
          Shoppers get this version on every page with your embed code within a minute.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="flex min-w-0 flex-col gap-5">
          <section aria-labelledby="publish-changes" className="flex flex-col gap-2">
            <h3 id="publish-changes" className="text-sm font-semibold text-grey-900">
              {liveVersion ? `Changes since v${liveVersion}` : "Changes"}
            </h3>
            {check.isError ? (
              <p className="text-sm text-red-600">The changes could not be listed.</p>
            ) : !check.data ? (
              <Checking text="Comparing with the live version…" />
            ) : (
              <ChangeList changes={check.data.changes} liveVersion={liveVersion} onOpen={open} />
            )}
          </section>
          <section aria-labelledby="publish-check" className="flex flex-col gap-2">
            <h3 id="publish-check" className="text-sm font-semibold text-grey-900">
              Check
            </h3>
            {check.isError ? (
              <CheckRow
                item={{
                  severity: "error",
                  rule: "check-failed",
                  message: "The check could not run. Close this and try again.",
                }}
              />
            ) : null}
            {items.length > 0 ? (
              <ul className="flex flex-col gap-1.5" data-testid="check-items">
                {[...errors, ...warnings].map((item, index) => (
                  <CheckRow key={`${item.rule}-${index}`} item={item} onOpen={open} />
                ))}
              </ul>
            ) : null}
            {checking ? (
              <Checking
                text={
                  a11y.status === "running"
                    ? "Checking accessibility on the rendered draft…"
                    : "Checking the draft…"
                }
              />
            ) : items.length === 0 && !check.isError ? (
              <p
                className="flex items-center gap-2 text-sm text-primary-700"
                data-testid="check-clean"
              >
                <CheckIcon size={16} /> No problems found.
              </p>
            ) : null}
          </section>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={VERSION_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              placeholder="What changed, for your team"
              className="min-h-16"
            />
            <span className="self-end text-xs text-grey-500 tabular-nums">
              {note.length}/{VERSION_NOTE_MAX}
            </span>
          </div>
        </div>
        <figure className="flex flex-col items-center gap-2">
          {/* The rendered draft axe checks: laid out, visible and at its real size (a scaled
              frame would halve every touch target and fail WCAG's target size). */}
          <div
            className="overflow-hidden rounded-[1.75rem] border-8 border-grey-900 bg-white shadow-lg"
            style={{ width: DEVICE_WIDTHS.mobile + 16 }}
          >
            {/* Its own containing block: a dialog floow's fixed overlay stays in the frame
                instead of covering the publish dialog's buttons. */}
            <div
              ref={hostRef}
              className="h-[440px] overflow-auto [contain:layout_paint]"
              data-testid="publish-preview"
            />
          </div>
          <figcaption className="max-w-[390px] text-center text-xs text-grey-500">
            Accessibility is checked page by page on the draft as shoppers will see it.
          </figcaption>
        </figure>
      </div>
      <DialogFooter className="items-center">
        {errors.length > 0 && !checking ? (
          <p className="mr-auto text-sm text-red-700" data-testid="publish-blocked">
            Fix the {errors.length === 1 ? "error" : `${errors.length} errors`} above before
            publishing.
          </p>
        ) : null}
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          ref={publishRef}
          loading={publishing}
          disabled={checking || errors.length > 0 || check.isError}
          onClick={async () => {
            if (await publish(note.trim() || undefined)) onClose();
            else void check.refetch();
          }}
        >
          {warnings.length > 0 && errors.length === 0 ? "Publish anyway" : "Publish"}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function Checking({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-grey-500" role="status">
      <Spinner size="sm" label="" />
      {text}
    </p>
  );
}

function ChangeList({
  changes,
  liveVersion,
  onOpen,
}: {
  changes: FloowChange[];
  liveVersion: number | null;
  onOpen: (target: CheckTarget) => void;
}) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-grey-600">
        {liveVersion
          ? `Nothing changed since v${liveVersion}: publishing makes the same floow a new version.`
          : "This is the first version: shoppers get the whole floow."}
      </p>
    );
  }
  const groups = AREA_ORDER.map((area) => ({
    area,
    changes: changes.filter((change) => change.area === area),
  })).filter((group) => group.changes.length > 0);
  return (
    <div
      className="flex max-h-64 flex-col gap-3 overflow-y-auto rounded-xl border border-grey-200 bg-grey-50/60 p-3"
      data-testid="change-list"
    >
      {groups.map((group) => (
        <div key={group.area} className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold tracking-wide text-grey-500 uppercase">
            {AREA_LABELS[group.area]}
          </h4>
          <ul className="flex flex-col gap-1">
            {group.changes.map((change, index) => {
              const kind = KIND_MARKS[change.kind];
              return (
                <li key={index} className="flex items-start gap-2 text-sm text-grey-800">
                  <span
                    title={kind.label}
                    aria-label={kind.label}
                    className={cn(
                      "mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded text-[11px] font-bold ring-1",
                      kind.tone,
                    )}
                  >
                    {kind.mark}
                  </span>
                  <span className="min-w-0 flex-1">{change.text}</span>
                  {change.target ? <TargetLink target={change.target} onOpen={onOpen} /> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function CheckRow({ item, onOpen }: { item: CheckItem; onOpen?: (target: CheckTarget) => void }) {
  const error = item.severity === "error";
  return (
    <li
      className={cn(
        "flex items-start gap-2.5 rounded-lg px-3 py-2 text-sm ring-1",
        error ? "bg-red-50 text-red-900 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200",
      )}
      data-severity={item.severity}
      data-rule={item.rule}
    >
      <span className={cn("mt-0.5 shrink-0", error ? "text-red-600" : "text-amber-600")}>
        {error ? <XIcon size={15} /> : <AlertTriangleIcon size={15} />}
      </span>
      <span className="min-w-0 flex-1">
        <Badge variant={error ? "danger" : "warning"} className="mr-2 align-middle">
          {error ? "Error" : "Warning"}
        </Badge>
        {item.message}
      </span>
      {item.target && onOpen ? <TargetLink target={item.target} onOpen={onOpen} /> : null}
    </li>
  );
}

function TargetLink({
  target,
  onOpen,
}: {
  target: CheckTarget;
  onOpen: (target: CheckTarget) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(target)}
      className="shrink-0 cursor-pointer text-xs font-medium text-primary-700 hover:underline"
    >
      {targetLabel(target)}
    </button>
  );
}
