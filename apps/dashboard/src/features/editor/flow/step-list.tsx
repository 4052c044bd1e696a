/**
 * The build phase's outline: trigger page, start page, the steps (select, reorder by
 * dragging or with the up/down buttons, duplicate, delete) and the finish page.
 */
import { Button, cn, ConfirmDialog, CopyIcon, PlusIcon, SparklesIcon, TrashIcon } from "@floow/ui";
import { useState, type ReactNode } from "react";
import { useEditor } from "../editor-context";
import {
  ChevronDownIcon,
  ChevronUpIcon,
  FlagIcon,
  GripIcon,
  PencilIcon,
  plainText,
  PlayIcon,
  ZapIcon,
} from "../shared";

/** `onPick`: a page or step was chosen (on a phone the editor then shows its editor pane). */
export function StepList({ onSuggest, onPick }: { onSuggest?: () => void; onPick?: () => void }) {
  const { floow, model, dispatch, addStep, duplicateStep, deleteStep } = useEditor();
  const { selection } = model;
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const startSelected = !selection.stepId && !selection.finishOpen && !selection.triggerOpen;

  return (
    <nav aria-label="Steps" className="flex h-full flex-col">
      <div className="flex flex-col gap-1 p-3">
        <OutlineItem
          icon={<ZapIcon />}
          label="Trigger"
          hint={
            floow.skipTrigger
              ? "Skipped"
              : `${floow.triggers.length} ${floow.triggers.length === 1 ? "trigger" : "triggers"}`
          }
          selected={selection.triggerOpen}
          onSelect={() => {
            dispatch({ type: "select/trigger" });
            onPick?.();
          }}
        />
        <OutlineItem
          icon={<PlayIcon />}
          label="Start page"
          hint={floow.start.type === "none" ? "Off" : undefined}
          selected={startSelected}
          onSelect={() => {
            dispatch({ type: "select/step", stepId: null });
            onPick?.();
          }}
        />
      </div>
      <div className="flex items-center justify-between px-4 pt-2 pb-1.5">
        <h2 className="text-xs font-semibold tracking-wide text-grey-500 uppercase">Questions</h2>
        <span className="text-xs text-grey-400">{floow.steps.length}</span>
      </div>
      <ol
        className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-3 pb-2"
        onDragOver={(event) => {
          if (dragId) event.preventDefault();
        }}
        onDrop={(event) => {
          event.preventDefault();
          if (dragId !== null && dropIndex !== null) {
            const from = floow.steps.findIndex((s) => s.id === dragId);
            dispatch({
              type: "step/move",
              stepId: dragId,
              toIndex: dropIndex > from ? dropIndex - 1 : dropIndex,
            });
          }
          setDragId(null);
          setDropIndex(null);
        }}
      >
        {floow.steps.map((step, index) => {
          const selected = selection.stepId === step.id;
          const title = plainText(step.text) || "Untitled question";
          const caption =
            (step.type === "form"
              ? `${step.formInputs.length} inputs`
              : `${step.choices.length} ${step.choices.length === 1 ? "choice" : "choices"}`) +
            (step.conditions.length > 0
              ? ` · ${step.conditions.length} ${step.conditions.length === 1 ? "condition" : "conditions"}`
              : "");
          return (
            <li
              key={step.id}
              data-testid="step-item"
              draggable
              onDragStart={(event) => {
                setDragId(step.id);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", step.id);
              }}
              onDragEnd={() => {
                setDragId(null);
                setDropIndex(null);
              }}
              onDragOver={(event) => {
                if (!dragId) return;
                const rect = event.currentTarget.getBoundingClientRect();
                setDropIndex(event.clientY < rect.top + rect.height / 2 ? index : index + 1);
              }}
              className={cn(
                "group relative rounded-xl border transition-all",
                selected
                  ? "border-primary-300 bg-primary-50/70 shadow-xs ring-1 ring-primary-200"
                  : "border-transparent hover:border-grey-200 hover:bg-white",
                dragId === step.id && "opacity-40",
                dropIndex === index &&
                  "before:absolute before:-top-1 before:right-2 before:left-2 before:h-0.5 before:rounded-full before:bg-primary-500",
                dropIndex === index + 1 &&
                  index === floow.steps.length - 1 &&
                  "after:absolute after:right-2 after:-bottom-1 after:left-2 after:h-0.5 after:rounded-full after:bg-primary-500",
              )}
            >
              <button
                type="button"
                aria-current={selected ? "step" : undefined}
                // The visible text is part of the name (axe: label-content-name-mismatch).
                aria-label={`Step ${index + 1}: ${title}. ${caption}`}
                className="flex w-full cursor-pointer items-start gap-2 py-2.5 pr-2 pl-1.5 text-left"
                onClick={() => {
                  dispatch({ type: "select/step", stepId: step.id });
                  onPick?.();
                }}
                onDoubleClick={() => dispatch({ type: "modal/open", stepId: step.id })}
              >
                <span
                  className="mt-0.5 cursor-grab text-grey-300 group-hover:text-grey-500 active:cursor-grabbing"
                  aria-hidden="true"
                >
                  <GripIcon size={14} />
                </span>
                <span
                  className={cn(
                    "flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-semibold",
                    selected ? "bg-primary-600 text-white" : "bg-grey-100 text-grey-600",
                  )}
                >
                  {index + 1}
                </span>
                {/* Spaces between the parts keep the words apart in the visible text that
                    axe compares with the name (a flex container does not render them). */}{" "}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="line-clamp-2 text-sm font-medium text-grey-900">{title}</span>{" "}
                  <span className="text-xs text-grey-600">{caption}</span>
                </span>
              </button>
              {/* Only the selected step shows its actions: rows appearing on hover would move
                  the list under the pointer. */}
              {selected ? (
                <div className="flex items-center justify-end gap-0.5 px-1.5 pb-1.5">
                  <IconAction
                    label={`Edit step ${index + 1}`}
                    onClick={() => dispatch({ type: "modal/open", stepId: step.id })}
                  >
                    <PencilIcon size={14} />
                  </IconAction>
                  <IconAction
                    label={`Move step ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() =>
                      dispatch({ type: "step/move", stepId: step.id, toIndex: index - 1 })
                    }
                  >
                    <ChevronUpIcon size={14} />
                  </IconAction>
                  <IconAction
                    label={`Move step ${index + 1} down`}
                    disabled={index === floow.steps.length - 1}
                    onClick={() =>
                      dispatch({ type: "step/move", stepId: step.id, toIndex: index + 1 })
                    }
                  >
                    <ChevronDownIcon size={14} />
                  </IconAction>
                  <IconAction
                    label={`Duplicate step ${index + 1}`}
                    onClick={() => duplicateStep(step.id)}
                  >
                    <CopyIcon size={14} />
                  </IconAction>
                  <IconAction
                    label={`Delete step ${index + 1}`}
                    danger
                    onClick={() => setConfirmDelete(step.id)}
                  >
                    <TrashIcon size={14} />
                  </IconAction>
                </div>
              ) : null}
            </li>
          );
        })}
        {floow.steps.length === 0 ? (
          <li className="rounded-xl border border-dashed border-grey-300 px-3 py-5 text-center text-xs text-grey-500">
            No questions yet. Add the first one.
          </li>
        ) : null}
      </ol>
      <div className="flex flex-col gap-2 border-t border-grey-100 p-3">
        <div className="flex gap-2">
          <Button className="flex-1" onClick={addStep}>
            <PlusIcon size={16} />
            Add step
          </Button>
          {onSuggest ? (
            <Button
              variant="outline"
              size="icon"
              className="size-10"
              aria-label="AI Suggestion"
              title="AI Suggestion"
              onClick={onSuggest}
            >
              <SparklesIcon size={16} />
            </Button>
          ) : null}
        </div>
        <OutlineItem
          icon={<FlagIcon />}
          label="Finish page"
          hint={floow.finish.type === "results" ? "Results" : "Message"}
          selected={selection.finishOpen}
          onSelect={() => {
            dispatch({ type: "select/finish" });
            onPick?.();
          }}
        />
      </div>
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open: boolean) => (open ? null : setConfirmDelete(null))}
        destructive
        title="Delete question?"
        description="Are you sure you want to delete this question? Its choices and conditions are deleted with it."
        confirmLabel="Delete question"
        onConfirm={() => {
          if (confirmDelete) deleteStep(confirmDelete);
        }}
      />
    </nav>
  );
}

function OutlineItem({
  icon,
  label,
  hint,
  selected,
  onSelect,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-current={selected ? "page" : undefined}
      onClick={onSelect}
      className={cn(
        "flex w-full cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-left text-sm transition-all",
        selected
          ? "border-primary-300 bg-primary-50/70 font-medium text-grey-900 ring-1 ring-primary-200"
          : "border-transparent text-grey-700 hover:border-grey-200 hover:bg-white",
      )}
    >
      <span
        className={cn(
          "flex size-6 items-center justify-center rounded-md",
          selected ? "bg-primary-600 text-white" : "bg-grey-100 text-grey-600",
        )}
      >
        {icon}
      </span>
      <span className="flex-1">{label}</span>
      {hint ? <span className="text-xs font-normal text-grey-500">{hint}</span> : null}
    </button>
  );
}

function IconAction({
  label,
  onClick,
  children,
  disabled,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-grey-500 transition-colors hover:bg-white hover:text-grey-900 disabled:pointer-events-none disabled:opacity-30",
        danger && "hover:text-red-600",
      )}
    >
      {children}
    </button>
  );
}
