/**
 * /settings#organization, "Shopper data": how long the organization keeps its floows' events
 * (default 13 months; older ones are deleted daily by the job worker) and a data-subject
 * request: erase everything stored about one shopper by e-mail address, with a count.
 * Admins change and erase; members see the setting. docs/analytics.md.
 */
import { eraseShopperSchema, RETENTION_MONTHS_DEFAULT } from "@floow/domain/analytics";
import type { ShopperErasure } from "@floow/domain/analytics";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Field,
  Input,
  Select,
  toast,
} from "@floow/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";

const RETENTION_CHOICES = [1, 3, 6, 12, 13, 18, 24, 36, 60];
const monthsLabel = (months: number) =>
  `${months} ${months === 1 ? "month" : "months"}${months === RETENTION_MONTHS_DEFAULT ? " (default)" : ""}`;

export function ShopperDataSection({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.analytics.settings.queryOptions());
  const [months, setMonths] = useState<number | null>(null);
  const current = months ?? settings.data?.retentionMonths ?? RETENTION_MONTHS_DEFAULT;
  const save = useMutation(
    trpc.analytics.updateSettings.mutationOptions({
      onSuccess: async (saved) => {
        toast.success(
          `Events are now kept for ${monthsLabel(saved.retentionMonths).replace(" (default)", "")}.`,
        );
        setMonths(null);
        await queryClient.invalidateQueries(trpc.analytics.settings.queryFilter());
      },
      onError: (error) => toast.error(error.message || "The retention could not be saved."),
    }),
  );

  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<(ShopperErasure & { email: string }) | null>(null);
  const erase = useMutation(
    trpc.analytics.eraseShopper.mutationOptions({
      onSuccess: async (result, input) => {
        setConfirming(false);
        setErased({ ...result, email: input.email });
        setEmail("");
        toast.success(
          result.sessions === 0 ? "Nothing was stored about this shopper." : "Shopper data erased",
        );
        await queryClient.invalidateQueries({ queryKey: trpc.analytics.pathKey() });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(error.message || "The shopper's data could not be erased.");
      },
    }),
  );

  return (
    <Card id="shopper-data">
      <CardHeader>
        <CardTitle>Shopper data</CardTitle>
        <CardDescription>
          Your floows' events hold shoppers' answers, and in Guided Data floows their form entries
          (personal data).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <form
          className="flex flex-wrap items-start gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ retentionMonths: current });
          }}
        >
          <Field
            label="Keep events for"
            description="Older events are deleted every day, and no longer count in analytics."
            className="w-72"
          >
            <Select
              value={String(current)}
              disabled={!canEdit || settings.isPending}
              onChange={(event) => setMonths(Number(event.target.value))}
            >
              {[...new Set([...RETENTION_CHOICES, current])]
                .sort((a, b) => a - b)
                .map((value) => (
                  <option key={value} value={value}>
                    {monthsLabel(value)}
                  </option>
                ))}
            </Select>
          </Field>
          {canEdit ? (
            <Button
              type="submit"
              variant="outline"
              loading={save.isPending}
              disabled={
                save.isPending || months === null || months === settings.data?.retentionMonths
              }
            >
              Save retention
            </Button>
          ) : null}
        </form>

        <div className="flex flex-col gap-3 border-t border-grey-100 pt-6">
          <div>
            <h4 className="text-sm font-semibold text-grey-900">Erase a shopper's data</h4>
            <p className="mt-1 text-sm text-grey-600">
              For a data-subject request (GDPR art. 17): every session in which a form answer is
              this e-mail address is deleted, with all its events, in every floow of the
              organization. This cannot be undone.
            </p>
          </div>
          {canEdit ? (
            <form
              className="flex flex-wrap items-start gap-3"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const parsed = eraseShopperSchema.safeParse({ email });
                if (!parsed.success) {
                  setEmailError(parsed.error.issues[0]?.message);
                  return;
                }
                setEmailError(undefined);
                setConfirming(true);
              }}
            >
              <Field label="Shopper's e-mail address" error={emailError} className="w-80">
                <Input
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </Field>
              <Button type="submit" variant="outline" className="mt-6.5">
                Erase shopper data
              </Button>
            </form>
          ) : (
            <p className="text-sm text-grey-500">Only admins can erase a shopper's data.</p>
          )}
          {erased ? (
            <p role="status" className="rounded-xl bg-grey-50 px-4 py-3 text-sm text-grey-700">
              {erased.sessions === 0
                ? `Nothing was stored about ${erased.email}.`
                : `Erased ${erased.events.toLocaleString("nl-NL")} ${erased.events === 1 ? "event" : "events"} in ${erased.sessions.toLocaleString("nl-NL")} ${erased.sessions === 1 ? "session" : "sessions"} of ${erased.email}.`}
            </p>
          ) : null}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Erase this shopper's data?"
        description={`Every session in which a form answer is ${email.trim()} is deleted with all its events. This cannot be undone.`}
        confirmLabel="Erase"
        destructive
        confirmDisabled={erase.isPending}
        onConfirm={() => erase.mutateAsync({ email: email.trim() }).catch(() => undefined)}
      />
    </Card>
  );
}
