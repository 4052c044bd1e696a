import { Button, Card, CardContent, Field, Input, toast } from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { TOASTS } from "@floow/domain/messages";
import { createOrganizationSchema } from "@floow/domain/organization";
import { TEXT_LIMITS } from "@floow/domain/shared";
import type { z } from "zod";
import { useTRPC } from "../../lib/trpc";
import { FloowMark } from "../navigation/app-side-nav";

type FormValues = z.input<typeof createOrganizationSchema>;

/** A signed-in user without an organization creates one before anything else. */
export function CreateOrganization({ userName }: { userName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useForm<FormValues>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: "", displayName: "" },
    mode: "onTouched",
  });
  const createOrganization = useMutation(
    trpc.organization.create.mutationOptions({
      onSuccess: async (organization) => {
        toast.success(TOASTS.success.organizationCreate(organization.name));
        await queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });
        // The page asked for (a /login?redirect=… target) loaded without an organization:
        // load it again now that there is one.
        await router.invalidate();
      },
      onError: () => {
        toast.error(TOASTS.failure.organizationCreate);
      },
    }),
  );

  const onSubmit = form.handleSubmit((values) => {
    const displayName = values.displayName?.trim();
    createOrganization.mutate({ name: values.name, ...(displayName ? { displayName } : {}) });
  });
  const firstName = userName.trim().split(/\s+/)[0] ?? "";

  return (
    <main className="flex min-h-dvh items-center justify-center bg-grey-50 px-4 py-12">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col items-center gap-4 text-center">
          <FloowMark className="size-10" />
          <div className="flex flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-grey-900">
              {firstName ? `Welcome, ${firstName}` : "Welcome"}
            </h1>
            <p className="text-sm text-grey-600">
              Create your organization. Domains, floows, product feeds and teammates all belong to
              it.
            </p>
          </div>
        </div>
        <Card>
          <CardContent>
            <form
              className="flex flex-col gap-5"
              onSubmit={onSubmit}
              noValidate
              aria-label="Create organization"
            >
              <Field label="Organization name" error={form.formState.errors.name?.message}>
                <Input
                  autoComplete="organization"
                  autoFocus
                  placeholder="Acme"
                  maxLength={TEXT_LIMITS.name}
                  {...form.register("name")}
                />
              </Field>
              <Field
                label="Display name"
                description="Optional. How the organization is shown to your team."
                error={form.formState.errors.displayName?.message}
              >
                <Input
                  placeholder="Acme Inc."
                  maxLength={TEXT_LIMITS.name}
                  {...form.register("displayName")}
                />
              </Field>
              <Button
                type="submit"
                size="lg"
                className="w-full"
                loading={createOrganization.isPending}
              >
                Create organization
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="text-center text-sm text-grey-500">
          Wrong account?{" "}
          <a href="/logout" className="font-medium text-primary-700 hover:underline">
            Log out
          </a>
        </p>
      </div>
    </main>
  );
}
