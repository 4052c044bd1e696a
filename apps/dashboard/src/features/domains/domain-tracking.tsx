import type { ConsentDefault, ConsentSource, DomainTracking } from "@floow/domain/conversion";
import { TOASTS } from "@floow/domain/messages";
import { hasRole } from "@floow/domain/user";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Select,
  Spinner,
  Switch,
  toast,
} from "@floow/ui";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "../../lib/trpc";

const SOURCES: { value: ConsentSource; label: string }[] = [
  { value: "auto", label: "Any: floow.consent(), then IAB TCF, then Google Consent Mode" },
  { value: "consent-mode", label: "Google Consent Mode v2 (analytics_storage)" },
  { value: "tcf", label: "IAB TCF v2.2 (purposes 1 and 8)" },
  { value: "floow", label: "Only floow.consent() on the page" },
];

/**
 * The domain's consent and conversion settings (the domain page's #implementation tab;
 * docs/events.md "Consent"): which consent signal the runtime trusts on the domain's pages,
 * what it assumes without one, and whether it reports the page's GA4 `purchase` events.
 * Admins save them (`domain.updateTracking`); members see them read-only.
 */
export function DomainTracking({ domainId }: { domainId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const canEdit = hasRole(bundle.roles, "admin");
  const saved = useQuery(trpc.domain.tracking.queryOptions({ id: domainId }));
  const save = useMutation(trpc.domain.updateTracking.mutationOptions());
  const [values, setValues] = useState<DomainTracking | undefined>(saved.data);
  useEffect(() => setValues(saved.data), [saved.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    try {
      await save.mutateAsync(values);
    } catch {
      toast.error(TOASTS.failure.domainSave);
      return;
    }
    toast.success(TOASTS.success.domainSave);
    await queryClient.invalidateQueries({ queryKey: trpc.domain.tracking.queryKey() });
  };

  return (
    <Card aria-label="Consent and conversions">
      <CardHeader>
        <CardTitle>Consent and conversions</CardTitle>
        <CardDescription>
          Floow keeps a visitor id on your pages only with the shopper's analytics consent, and
          counts orders (floow.conversion() on the thank-you page) once each.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {values ? (
          <form className="flex flex-col gap-5" onSubmit={submit} aria-label="Consent settings">
            <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
              <Field label="Consent source" description="Which consent signal Floow trusts.">
                <Select
                  value={values.consentSource}
                  onChange={(event) =>
                    setValues({ ...values, consentSource: event.target.value as ConsentSource })
                  }
                >
                  {SOURCES.map((source) => (
                    <option key={source.value} value={source.value}>
                      {source.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Without a signal"
                description="What Floow assumes until that source says something."
              >
                <Select
                  value={values.consentDefault}
                  onChange={(event) =>
                    setValues({ ...values, consentDefault: event.target.value as ConsentDefault })
                  }
                >
                  <option value="denied">No consent: no visitor id</option>
                  <option value="granted">Consent: keep a visitor id</option>
                </Select>
              </Field>
              <div className="sm:col-span-2">
                <Switch
                  label="Count GA4 purchases"
                  description="Report the page's GA4 purchase events (gtag or dataLayer) as orders."
                  labelPosition="end"
                  checked={values.datalayerPurchases}
                  onCheckedChange={(checked) =>
                    setValues({ ...values, datalayerPurchases: checked })
                  }
                />
              </div>
            </fieldset>
            {canEdit ? (
              <div>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? "Saving…" : "Save"}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-grey-500">Only admins can change these settings.</p>
            )}
          </form>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}
