import { TEXT_LIMITS } from "@floow/domain/shared";
import { signInSchema, signUpSchema } from "@floow/domain/user";
import { Button, Field, Input } from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authClient, SSO_PROVIDER_ID } from "../../lib/auth-client";
import { useTRPC } from "../../lib/trpc";

export type AuthMode = "signIn" | "signUp";
type Values = { name?: string; email: string; password: string };

/** Email and password sign-in or sign-up, and SSO when the server has it configured. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const [mode, setMode] = useState<AuthMode>("signIn");
  const [serverError, setServerError] = useState<string | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.auth.config.queryOptions());
  const form = useForm<Values>({
    resolver: zodResolver(mode === "signIn" ? signInSchema : signUpSchema),
    defaultValues: { name: "", email: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setServerError(null);
    form.clearErrors();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const { error } =
      mode === "signIn"
        ? await authClient.signIn.email({ email: values.email, password: values.password })
        : await authClient.signUp.email({
            email: values.email,
            password: values.password,
            name: values.name ?? "",
          });
    if (error) {
      setServerError(
        error.message ??
          (mode === "signIn"
            ? "Could not sign you in. Please try again."
            : "Could not create your account."),
      );
      return;
    }
    // Another user may have been signed in before: drop everything cached for them.
    queryClient.clear();
    await onSignedIn();
  });

  const signInWithSso = async () => {
    setServerError(null);
    const { error } = await authClient.signIn.social({
      provider: SSO_PROVIDER_ID,
      callbackURL: "/",
    });
    if (error) setServerError(error.message ?? "Could not start single sign-on.");
  };

  return (
    <div className="flex w-full max-w-sm flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-grey-900">
          {mode === "signIn" ? "Sign in to Floow" : "Create your account"}
        </h1>
        <p className="text-sm text-grey-600">
          {mode === "signIn"
            ? "Welcome back. Sign in to build and manage your floows."
            : "Start building guided selling and data flows in minutes."}
        </p>
      </div>

      {config.data?.oidc ? (
        <>
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => void signInWithSso()}
          >
            Sign in with SSO
          </Button>
          <div className="flex items-center gap-3 text-xs text-grey-400">
            <span className="h-px flex-1 bg-grey-200" />
            or
            <span className="h-px flex-1 bg-grey-200" />
          </div>
        </>
      ) : null}

      <form
        className="flex flex-col gap-5"
        onSubmit={onSubmit}
        noValidate
        aria-label={mode === "signIn" ? "Sign in" : "Sign up"}
      >
        {mode === "signUp" ? (
          <Field label="Name" error={errors.name?.message}>
            <Input
              autoComplete="name"
              placeholder="Jane Doe"
              maxLength={TEXT_LIMITS.personName}
              {...form.register("name")}
            />
          </Field>
        ) : null}
        <Field label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            maxLength={TEXT_LIMITS.email}
            {...form.register("email")}
          />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete={mode === "signIn" ? "current-password" : "new-password"}
            placeholder={mode === "signIn" ? "Your password" : "At least 8 characters"}
            maxLength={TEXT_LIMITS.password}
            {...form.register("password")}
          />
        </Field>
        {mode === "signIn" ? (
          <a
            href="/reset-password"
            className="-mt-3 self-end text-sm font-medium text-primary-700 hover:underline"
          >
            Forgot password?
          </a>
        ) : null}
        {serverError ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-100"
          >
            {serverError}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {mode === "signIn" ? "Sign in" : "Create account"}
        </Button>
      </form>

      <p className="text-center text-sm text-grey-600">
        {mode === "signIn" ? "New to Floow? " : "Already have an account? "}
        <button
          type="button"
          className="cursor-pointer font-medium text-primary-700 hover:underline"
          onClick={() => switchMode(mode === "signIn" ? "signUp" : "signIn")}
        >
          {mode === "signIn" ? "Create an account" : "Sign in"}
        </button>
      </p>
    </div>
  );
}
