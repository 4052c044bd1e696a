import { EDITOR_PHASES } from "../state";
import { FLOOW_CONFLICT_MESSAGE, FLOOW_TYPE_LABELS } from "@floow/domain/floow";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import type { EditorPhase } from "../state";
import {
  ArrowLeftIcon,
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
  Spinner,
} from "@floow/ui";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useEditor } from "../editor-context";
import type { SaveStatus } from "../state";
import { ReleaseBadges } from "../launch";
import { CloudOffIcon, useNameDraft } from "../shared";

const PHASE_LABELS: Record<EditorPhase, string> = {
  floow: "Floow",
  build: "Build",
  launch: "Launch",
};

export function EditorToolbar() {
  const { floow, model, setUi, save, saveStatus, updateFloow } = useEditor();
  const name = useNameDraft(floow.name, (next) => updateFloow((f) => ({ ...f, name: next })));

  // Ctrl/⌘+S saves now (and says so), like every editor people know.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  return (
    // On a phone the phases take a second row under the name and the buttons.
    <header className="relative z-10 grid shrink-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 border-b border-grey-200 bg-white px-3 py-2 md:h-14 md:grid-cols-[1fr_auto_1fr] md:gap-4 md:px-4 md:py-0">
      <div className="flex min-w-0 items-center gap-2">
        <Link
          to="/floows"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-grey-500 transition-colors hover:bg-grey-100 hover:text-grey-900"
          aria-label="Back to floows"
        >
          <ArrowLeftIcon size={18} />
        </Link>
        <input
          aria-label="Floow name"
          maxLength={TEXT_LIMITS.name}
          value={name.draft}
          aria-invalid={name.empty || undefined}
          title={name.empty ? VALIDATION_MESSAGES.floow.nameRequired : undefined}
          placeholder={VALIDATION_MESSAGES.floow.nameRequired}
          onChange={(event) => name.change(event.target.value)}
          onBlur={name.blur}
          className="min-w-24 flex-1 truncate rounded-md border border-transparent bg-transparent px-1.5 py-1 text-sm font-semibold text-grey-900 transition-colors hover:border-grey-200 focus:border-primary-500 focus:outline-none sm:max-w-64"
        />
        <Badge className="hidden 2xl:inline-flex">{FLOOW_TYPE_LABELS[floow.type]}</Badge>
        <ReleaseBadges className="hidden shrink-0 items-center gap-1.5 xl:inline-flex" />
      </div>
      <nav
        aria-label="Editor phases"
        className="col-span-2 row-start-2 flex items-center justify-center gap-1 rounded-xl bg-grey-100 p-1 md:col-span-1 md:row-start-auto"
      >
        {EDITOR_PHASES.map((phase, index) => {
          const active = model.ui.phase === phase;
          return (
            <button
              key={phase}
              type="button"
              aria-current={active ? "step" : undefined}
              onClick={() => setUi({ phase })}
              className={cn(
                "inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg px-3.5 text-sm font-medium transition-all",
                active
                  ? "bg-white text-grey-900 shadow-sm ring-1 ring-grey-200"
                  : "text-grey-600 hover:text-grey-900",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-5 items-center justify-center rounded-full text-[11px] font-semibold",
                  active ? "bg-primary-600 text-white" : "bg-grey-200 text-grey-600",
                )}
              >
                {index + 1}
              </span>
              {PHASE_LABELS[phase]}
            </button>
          );
        })}
      </nav>
      <div className="flex items-center justify-end gap-3">
        <SaveIndicator status={saveStatus} />
        <Button size="sm" variant="outline" onClick={() => void save()}>
          Save
        </Button>
        <Button
          size="sm"
          onClick={() => setUi({ phase: "launch" })}
          className={cn(model.ui.phase === "launch" && "hidden")}
        >
          Launch
        </Button>
      </div>
      <ConflictDialog />
    </header>
  );
}

function SaveIndicator({ status }: { status: SaveStatus }) {
  const content: Record<SaveStatus, { text: string; icon: React.ReactNode; tone: string } | null> =
    {
      idle: null,
      pending: {
        text: "Unsaved changes",
        icon: <span className="size-1.5 rounded-full bg-amber-500" />,
        tone: "text-grey-500",
      },
      saving: {
        text: "Saving…",
        icon: <Spinner size="sm" label="Saving" />,
        tone: "text-grey-500",
      },
      saved: { text: "Saved", icon: <CheckIcon size={14} />, tone: "text-primary-700" },
      error: {
        text: "Not saved · retrying",
        icon: <CloudOffIcon size={14} />,
        tone: "text-red-600",
      },
      invalid: {
        text: "Not saved · fix the marked field",
        icon: <CloudOffIcon size={14} />,
        tone: "text-red-600",
      },
      conflict: {
        text: "Changed elsewhere",
        icon: <CloudOffIcon size={14} />,
        tone: "text-red-600",
      },
    };
  const item = content[status];
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      className={cn("hidden items-center gap-1.5 text-xs font-medium sm:inline-flex", item?.tone)}
    >
      {item ? (
        <>
          {item.icon}
          {item.text}
        </>
      ) : null}
    </span>
  );
}

/** Another tab or teammate saved this floow first: never overwrite silently. */
function ConflictDialog() {
  const { saveStatus, reload, overwrite } = useEditor();
  const [busy, setBusy] = useState<"reload" | "overwrite" | null>(null);
  const open = saveStatus === "conflict";
  const run = async (kind: "reload" | "overwrite") => {
    setBusy(kind);
    try {
      await (kind === "reload" ? reload() : overwrite());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <DialogHeader className="pr-0">
          <DialogTitle>This floow was changed elsewhere</DialogTitle>
          <DialogDescription>
            {FLOOW_CONFLICT_MESSAGE} Your changes in this tab are kept until you choose: reload to
            get the latest version (your unsaved changes here are dropped), or overwrite it with
            yours.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            variant="outline"
            loading={busy === "overwrite"}
            disabled={busy !== null}
            onClick={() => void run("overwrite")}
          >
            Overwrite with my changes
          </Button>
          <Button
            loading={busy === "reload"}
            disabled={busy !== null}
            onClick={() => void run("reload")}
          >
            Reload
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
