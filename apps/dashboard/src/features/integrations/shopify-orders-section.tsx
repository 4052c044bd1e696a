import { type Domain } from "@floow/domain/domain";
import {
  SHOPIFY_INTEGRATION_ID,
  shopifySetupSchema,
  type ShopifySetup,
} from "@floow/domain/integration";
import { TOASTS } from "@floow/domain/messages";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { hasRole } from "@floow/domain/user";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Field,
  Input,
  toast,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTRPC } from "../../lib/trpc";
import { CodeSnippet } from "../domains/code-snippet";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";

/** Where Shopify posts the domain's orders (the API serves the dashboard's origin). */
export const receiverUrl = (integrationId: string, origin = window.location.origin) =>
  `${origin}/api/integrations/${integrationId}/receive`;

/**
 * The domain's Shopify orders receiver (on the domain page's #implementation tab; docs/integrations.md,
 * "Shopify orders"): admins enter the shop and the secret Shopify signs its webhooks with and get
 * the address to paste in Shopify; the secret is never shown again, only its last characters.
 * Members see whether it is set up.
 */
export function ShopifyOrdersSection({ domain }: { domain: Pick<Domain, "id" | "name"> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const { data: integrations } = useSuspenseQuery(trpc.integration.list.queryOptions());
  const canManage = hasRole(bundle.roles, "admin");
  const linked = integrations.find(
    (i) => i.domainId === domain.id && i.integrationConfigurationId === SHOPIFY_INTEGRATION_ID,
  );
  const save = useMutation(trpc.integration.create.mutationOptions());
  const remove = useMutation(trpc.integration.remove.mutationOptions());
  const [removing, setRemoving] = useState(false);
  const form = useForm<ShopifySetup>({
    resolver: zodResolver(shopifySetupSchema) as Resolver<ShopifySetup>,
    defaultValues: {
      integrationConfigurationId: SHOPIFY_INTEGRATION_ID,
      domainId: domain.id,
      shop: linked?.settings.shop ?? "",
      signingSecret: "",
    },
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const savedShop = linked?.settings.shop ?? "";
  useEffect(() => {
    reset({
      integrationConfigurationId: SHOPIFY_INTEGRATION_ID,
      domainId: domain.id,
      shop: savedShop,
      signingSecret: "",
    });
  }, [reset, domain.id, savedShop]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.integration.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
    ]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      toast.error(TOASTS.failure.integrationSave);
      return;
    }
    toast.success(TOASTS.success.integrationSave);
    await refresh();
  });

  return (
    <Card aria-label="Shopify orders">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            Shopify orders
            {linked ? (
              <Badge variant="success" dot>
                Receiving
              </Badge>
            ) : (
              <Badge variant="neutral">Not set up</Badge>
            )}
          </CardTitle>
          <CardDescription>
            Count {domain.name}'s Shopify orders as conversions: Shopify sends each new order to
            Floow, which attributes it to the shopper's floow session.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {linked ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-grey-700">
              In Shopify: <span className="font-medium">Settings → Notifications → Webhooks</span>,
              Create webhook, event <span className="font-medium">Order creation</span>, format
              JSON, and this URL:
            </p>
            <CodeSnippet code={receiverUrl(linked.id)} label="Receiver URL" language="URL" />
          </div>
        ) : null}
        {canManage ? (
          <form
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={onSubmit}
            noValidate
            aria-label="Shopify setup"
          >
            <Field
              label="Shop"
              error={errors.shop?.message}
              description="The shop's myshopify.com address."
            >
              <Input
                placeholder="my-shop.myshopify.com"
                autoComplete="off"
                spellCheck={false}
                maxLength={TEXT_LIMITS.key}
                {...register("shop")}
              />
            </Field>
            <Field
              label="Webhook signing secret"
              error={errors.signingSecret?.message}
              description={
                linked
                  ? `Saved secret ${linked.keyHint}. Leave empty to keep it.`
                  : "Shopify shows it under the webhooks list: “Your webhooks will be signed with …”."
              }
            >
              <Input
                type="password"
                autoComplete="off"
                spellCheck={false}
                maxLength={TEXT_LIMITS.key}
                {...register("signingSecret")}
              />
            </Field>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button type="submit" loading={isSubmitting}>
                {linked ? "Save" : "Set up Shopify orders"}
              </Button>
              {linked ? (
                <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
                  Disconnect
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <p className="text-sm text-grey-500">
            {linked
              ? `Receiving orders of ${linked.settings.shop ?? "the shop"}.`
              : "An admin can set this up."}
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Disconnect Shopify orders"
        description="Floow stops taking this shop's orders, and the saved signing secret is deleted."
        confirmLabel="Disconnect"
        destructive
        onConfirm={async () => {
          if (!linked) return;
          try {
            await remove.mutateAsync({ id: linked.id });
          } catch {
            toast.error("Something went wrong disconnecting the integration");
            return;
          }
          setRemoving(false);
          await refresh();
        }}
      />
    </Card>
  );
}
