import type { Trigger } from "@floow/domain/trigger";
import { Badge, Button, ConfirmDialog, PlusIcon, TrashIcon } from "@floow/ui";
import { useState } from "react";
import { useEditor } from "../editor-context";
import { PanelSection, Switch } from "../shared";
import { TriggerDialog } from "./trigger-dialog";

/** A trigger in plain words: where the floow shows and where on the page. */
export function describeTrigger(trigger: Trigger): { where: string; placement: string } {
  const where =
    trigger.routeType === "strict"
      ? `Exactly on ${trigger.route}`
      : `On pages starting with ${trigger.route}`;
  const selector =
    trigger.attribute === "id"
      ? `#${trigger.value.replace(/^#/, "")}`
      : `.${trigger.value.replace(/^\./, "")}`;
  const placement = `${trigger.target === "inside" ? "Inside" : trigger.target === "before" ? "Before" : "After"} ${selector}`;
  return { where, placement };
}

export function TriggerList({
  triggers,
  onDelete,
}: {
  triggers: readonly Trigger[];
  onDelete?: (index: number) => void;
}) {
  if (triggers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-grey-300 px-4 py-5 text-center text-sm text-grey-500">
        No triggers yet.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Triggers">
      {triggers.map((trigger, index) => {
        const { where, placement } = describeTrigger(trigger);
        return (
          <li
            key={trigger.id ?? index}
            className="flex items-start gap-3 rounded-xl border border-grey-200 bg-white px-3.5 py-3 shadow-xs"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-sm font-medium break-words text-grey-900">{where}</span>
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-grey-500">
                <Badge>{trigger.routeType}</Badge>
                {placement}
              </span>
            </div>
            {onDelete ? (
              <Button
                size="icon"
                variant="ghost"
                className="size-8 text-grey-500 hover:text-red-600"
                aria-label={`Delete trigger ${index + 1}`}
                onClick={() => onDelete(index)}
              >
                <TrashIcon size={15} />
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The trigger page: where the floow appears on the merchant's site. */
export function TriggerPanel() {
  const { floow, addTrigger, deleteTrigger, updateFloow } = useEditor();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <>
      <PanelSection
        title="Triggers"
        description="The pages and the element where this floow appears."
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <PlusIcon size={14} />
            Create trigger
          </Button>
        }
      >
        <TriggerList triggers={floow.triggers} onDelete={setDeleting} />
      </PanelSection>
      <PanelSection title="Behaviour">
        <Switch
          label="Skip trigger"
          description="Start the floow right away instead of waiting for a trigger."
          checked={floow.skipTrigger}
          onChange={(skipTrigger) => updateFloow((f) => ({ ...f, skipTrigger }))}
        />
      </PanelSection>
      <TriggerDialog open={creating} onOpenChange={setCreating} onCreate={addTrigger} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open: boolean) => (open ? null : setDeleting(null))}
        destructive
        title="Delete trigger?"
        description="The floow will no longer appear where this trigger places it."
        confirmLabel="Delete trigger"
        onConfirm={() => deleteTrigger(deleting)}
      />
    </>
  );
}
