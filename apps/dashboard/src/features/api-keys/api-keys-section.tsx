import type { ApiKey } from "@floow/domain/api-key";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  PlusIcon,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@floow/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { CreateKeyDialog } from "./create-key-dialog";

const dateTime = new Intl.DateTimeFormat("nl-NL", { dateStyle: "short", timeStyle: "short" });

/** "Never", or the day and time in the spec's Dutch format. */
export function lastUsedLabel(lastUsedAt: string | null): string {
  return lastUsedAt ? dateTime.format(new Date(lastUsedAt)) : "Never";
}

/**
 * The organization's API keys (Settings → Organization, admins only): name, prefix, scopes,
 * created, last used (to within a minute), revoke. A new key is shown once in its dialog.
 */
export function ApiKeysSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: keys, isPending, isError } = useQuery(trpc.apiKey.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation(trpc.apiKey.revoke.mutationOptions());

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <CardTitle>API keys</CardTitle>
          <CardDescription>
            Keys for the Floow API: report orders from your shop's server, read floows, export
            sessions and analytics.{" "}
            <a href="/documentation#api" className="font-medium text-moss-700 underline">
              API reference
            </a>
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          <PlusIcon size={15} />
          Create API Key
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-grey-500">Loading keys…</p>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            The keys could not be loaded.
          </p>
        ) : keys.length === 0 ? (
          <p className="rounded-lg border border-dashed border-grey-200 px-4 py-8 text-center text-sm text-grey-500">
            No API keys yet. Create one to connect your own systems.
          </p>
        ) : (
          <Table aria-label="API keys" stack>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id} aria-label={`API key ${key.name}`}>
                  <TableCell className="font-medium text-grey-900">
                    {key.name}
                    {key.revokedAt ? (
                      <Badge variant="neutral" className="ml-2">
                        Revoked
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell label="Key" className="font-mono text-xs text-grey-600">
                    {key.prefix}…
                  </TableCell>
                  <TableCell label="Scopes" className="text-xs text-grey-600">
                    {key.scopes.join(", ")}
                  </TableCell>
                  <TableCell
                    label="Last used"
                    className="text-xs text-grey-600"
                    data-testid="api-key-last-used"
                  >
                    {lastUsedLabel(key.lastUsedAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {key.revokedAt ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Revoke ${key.name}`}
                        onClick={() => setRevoking(key)}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API Key"
        description={`${revoking?.name ?? "This key"} stops working at once: every request with it gets 401. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync({ id: revoking.id });
            toast.success(`${revoking.name} revoked`);
            setRevoking(null);
            await queryClient.invalidateQueries({ queryKey: trpc.apiKey.list.queryKey() });
          } catch {
            toast.error("Something went wrong revoking the key");
          }
        }}
      />
    </Card>
  );
}
