import { PASSWORD_MIN_LENGTH } from "@floow/domain/user";
import { Button, Field, Input } from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFileRoute } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { AuthShell, Notice } from "../features/auth/auth-shell";
import { authClient } from "../lib/auth-client";

export const Route = createFileRoute("/reset-password")({
  validateSearch: z.object({ token: z.string().optional(), error: z.string().optional() }),
  head: () => ({ meta: [{ title: "Choose a new password · Floow" }] }),
  component: ResetPasswordPage,
});

const schema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, {
      error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    }),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    error: "The passwords do not match.",
    path: ["confirm"],
  });
type Values = z.output<typeof schema>;

/**
 * The page the Change Password e-mail links to: a new password (checked by the server for
 * strength; its reason is shown), then every session ends and the user signs in again.
 */
function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirm: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) return <ForgotPassword />;

  if (done) {
    return (
      <AuthShell title="Password changed">
        <Notice tone="success">
          Your password was changed and you were signed out everywhere. Sign in with your new
          password.
        </Notice>
        <Button asChild size="lg" className="w-full">
          <a href="/login">Sign in</a>
        </Button>
      </AuthShell>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const { error } = await authClient.resetPassword({ newPassword: values.password, token });
    if (error) {
      setServerError(
        error.code === "INVALID_TOKEN"
          ? "This link has expired or was already used. Ask for a new one in your settings."
          : (error.message ?? "Something went wrong updating the password"),
      );
      return;
    }
    setDone(true);
  });

  return (
    <AuthShell
      title="Choose a new password"
      description="At least 8 characters, and hard to guess: a few unrelated words work well."
    >
      <form
        className="flex flex-col gap-5"
        onSubmit={submit}
        noValidate
        aria-label="Choose a new password"
      >
        <Field label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Field label="Repeat the new password" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("confirm")} />
        </Field>
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthShell>
  );
}

/**
 * Without a token (Forgot password? on /login): the address to send a link to. The answer is
 * the same whether an account exists or not, so nobody learns which addresses are registered.
 */
function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (sentTo) {
    return (
      <AuthShell title="Check your inbox">
        <Notice tone="success">
          If there is a Floow account for {sentTo}, we sent it a link to choose a new password. It
          works for one hour.
        </Notice>
        <a href="/login" className="text-sm font-medium text-primary-700 hover:underline">
          Back to sign in
        </a>
      </AuthShell>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const address = email.trim();
    if (!z.email().safeParse(address).success)
      return setFailure("Please enter a valid email address.");
    setBusy(true);
    const { error } = await authClient.requestPasswordReset({
      email: address,
      redirectTo: "/reset-password",
    });
    setBusy(false);
    if (error) return setFailure(error.message ?? "Something went wrong updating the password");
    setSentTo(address);
  };

  return (
    <AuthShell
      title="Forgot your password?"
      description="Enter your e-mail address and we send you a link to choose a new one."
    >
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Forgot your password?"
      >
        <Field label="Email">
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          Send link
        </Button>
        <a
          href="/login"
          className="text-center text-sm font-medium text-primary-700 hover:underline"
        >
          Back to sign in
        </a>
      </form>
    </AuthShell>
  );
}
