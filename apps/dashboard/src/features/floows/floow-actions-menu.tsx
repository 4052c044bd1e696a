import {
  ArchiveIcon,
  Button,
  ChartIcon,
  ConfirmDialog,
  CopyIcon,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Field,
  GlobeIcon,
  MoreHorizontalIcon,
  RocketIcon,
  RotateCcwIcon,
  Select,
  SparklesIcon,
  TrashIcon,
} from "@floow/ui";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useFloowActions } from "./floow-actions";
import type { FloowSummary } from "./floow-labels";
import { useOpenInEditor } from "./open-in-editor";

type DialogKind = "duplicate" | "duplicateTo" | "archive" | "restore" | "delete";

/** The row menu of a floow with the confirmations of spec section 2. */
export function FloowActionsMenu({
  floow,
  domains,
}: {
  floow: FloowSummary;
  domains: readonly { id: string; name: string }[];
}) {
  const actions = useFloowActions();
  const openInEditor = useOpenInEditor();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const otherDomains = domains.filter((domain) => domain.id !== floow.domainId);
  const [targetDomainId, setTargetDomainId] = useState("");
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const name = `“${floow.name}”`;

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${floow.name}`}>
            <MoreHorizontalIcon size={18} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => openInEditor(floow.id)}>
            <SparklesIcon size={16} /> Open in editor
          </DropdownMenuItem>
          {floow.status !== "live" && floow.status !== "archived" ? (
            // A selling floow without a feed would publish to "No results found": the editor
            // asks for a feed first (its settings show the feed, its Publish asks).
            floow.type === "selling" && floow.feedId === null ? (
              <DropdownMenuItem onSelect={() => openInEditor(floow.id)}>
                <RocketIcon size={16} /> Publish: choose a feed first
              </DropdownMenuItem>
            ) : (
              // Publishing always goes through the editor's publish dialog: the change list
              // against the live version and the pre-publish check (issue 26).
              <DropdownMenuItem onSelect={() => openInEditor(floow.id, { publish: true })}>
                <RocketIcon size={16} /> Publish
              </DropdownMenuItem>
            )
          ) : null}
          <DropdownMenuItem
            onSelect={() =>
              void navigate({ to: "/experiments/$floowId", params: { floowId: floow.id } })
            }
          >
            <ChartIcon size={16} /> Experiments
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("duplicate")}>
            <CopyIcon size={16} /> Duplicate
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={otherDomains.length === 0}
            onSelect={() => {
              setTargetDomainId(otherDomains[0]?.id ?? "");
              setDialog("duplicateTo");
            }}
          >
            <GlobeIcon size={16} /> Duplicate to another domain
          </DropdownMenuItem>
          {floow.status === "archived" ? (
            <DropdownMenuItem onSelect={() => setDialog("restore")}>
              <RotateCcwIcon size={16} /> Restore
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setDialog("archive")}>
              <ArchiveIcon size={16} /> Archive
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDialog("delete")}>
            <TrashIcon size={16} /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={dialog === "duplicate"}
        onOpenChange={close}
        title="Duplicate Floow"
        description={`A copy of ${name}'s draft (its latest edits, published or not) is made in the same domain, in development.`}
        confirmLabel="Duplicate"
        onConfirm={() => actions.duplicate(floow.id)}
      />
      <ConfirmDialog
        open={dialog === "duplicateTo"}
        onOpenChange={close}
        title="Duplicate Floow to another domain"
        description={`A copy of ${name}'s draft (its latest edits, published or not) is made in the domain you choose, in development.`}
        confirmLabel="Duplicate"
        confirmDisabled={!targetDomainId}
        onConfirm={() => actions.duplicate(floow.id, targetDomainId)}
      >
        <Field label="Domain">
          <Select
            value={targetDomainId}
            onChange={(event) => setTargetDomainId(event.target.value)}
          >
            {otherDomains.map((domain) => (
              <option key={domain.id} value={domain.id}>
                {domain.name}
              </option>
            ))}
          </Select>
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "archive"}
        onOpenChange={close}
        title="Archive Floow"
        description={`${name} stops showing on its domain. You can restore it later.`}
        confirmLabel="Archive"
        onConfirm={() => actions.archive(floow.id)}
      />
      <ConfirmDialog
        open={dialog === "restore"}
        onOpenChange={close}
        title="Restore Floow"
        description={`${name} returns to development. Publish it again to show it on its domain.`}
        confirmLabel="Restore"
        onConfirm={() => actions.restore(floow.id)}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete Floow"
        description={`${name} and its steps are deleted for good. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => actions.remove(floow.id)}
      />
    </>
  );
}
