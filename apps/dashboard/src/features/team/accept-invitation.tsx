import { ROLE_LABELS } from "@floow/domain/user";
import { Button, Field, Input, Spinner } from "@floow/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { useTRPC } from "../../lib/trpc";
import { AuthShell, Notice } from "../auth/auth-shell";
import { serverMessage } from "../../lib/trpc-errors";

/**
 * The invitation link's page (/invitation?token=…): who invites, to which organization, as
 * which role; then the invitee creates an account or signs in with the invited address, and
 * lands in the organization. Signed in with another address, they can sign out first.
 */
export function AcceptInvitation({
  token,
  goHome = () => window.location.assign("/"),
}: {
  token: string;
  goHome?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lookup = useQuery({
    ...trpc.invitation.lookup.queryOptions({ token }),
    enabled: token.length > 0,
    retry: false,
  });
  const session = useQuery({
    queryKey: ["auth", "session"],
    queryFn: async () => (await authClient.getSession()).data ?? null,
    retry: false,
  });
  const accept = useMutation(trpc.invitation.accept.mutationOptions());
  const [password, setPassword] = useState("");
  const [name, setName] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token || lookup.isError) {
    return (
      <AuthShell title="Invitation not valid">
        <Notice tone="error">
          {serverMessage(lookup.error) ??
            "This invitation link is not valid. Ask an admin of the organization for a new one."}
        </Notice>
        <a href="/login" className="text-sm font-medium text-primary-700 hover:underline">
          Go to sign in
        </a>
      </AuthShell>
    );
  }
  if (lookup.isPending || session.isPending) {
    return (
      <AuthShell title="Join your team">
        <div className="flex justify-center py-6">
          <Spinner label="Loading the invitation" />
        </div>
      </AuthShell>
    );
  }

  const invitation = lookup.data;
  const organization = invitation.organizationName;
  const description = (
    <>
      {invitation.inviterName ? `${invitation.inviterName} invited you` : "You are invited"} to join{" "}
      <strong className="font-semibold text-grey-900">{organization}</strong> on Floow as{" "}
      {invitation.role === "admin" ? "an" : "a"} {ROLE_LABELS[invitation.role]}.
    </>
  );
  if (invitation.expired) {
    return (
      <AuthShell title={`Join ${organization}`} description={description}>
        <Notice tone="error">
          This invitation has expired. Ask an admin of {organization} to send a new one.
        </Notice>
      </AuthShell>
    );
  }

  const join = async () => {
    setFormError(null);
    try {
      await accept.mutateAsync({ token });
      queryClient.clear();
      goHome();
    } catch (error) {
      setFormError(
        serverMessage(error) ?? "The invitation could not be accepted. Please try again.",
      );
    }
  };

  const signedInAs = session.data?.user.email;
  if (signedInAs && signedInAs.toLowerCase() === invitation.email.toLowerCase()) {
    return (
      <AuthShell title={`Join ${organization}`} description={description}>
        <Notice>You are signed in as {signedInAs}.</Notice>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => void join()}>
          Join {organization}
        </Button>
      </AuthShell>
    );
  }
  if (signedInAs) {
    return (
      <AuthShell title={`Join ${organization}`} description={description}>
        <Notice>
          This invitation is for {invitation.email}, and you are signed in as {signedInAs}. Sign out
          to continue with {invitation.email}.
        </Notice>
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          onClick={() => void authClient.signOut().then(() => session.refetch())}
        >
          Sign out and continue
        </Button>
      </AuthShell>
    );
  }

  const signUp = !invitation.userExists;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fullName = (name ?? invitation.name).trim();
    if (signUp && !fullName) return setFormError("Please enter your name.");
    if (!password) return setFormError("Please enter your password.");
    setBusy(true);
    try {
      const { error } = signUp
        ? await authClient.signUp.email({ email: invitation.email, password, name: fullName })
        : await authClient.signIn.email({ email: invitation.email, password });
      if (error) {
        setFormError(
          error.message ?? (signUp ? "Could not create your account." : "Could not sign you in."),
        );
        return;
      }
      await join();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={`Join ${organization}`} description={description}>
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={signUp ? "Create your account" : "Sign in"}
      >
        {signUp ? (
          <Field label="Name">
            <Input
              autoComplete="name"
              value={name ?? invitation.name}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
        ) : null}
        <Field label="Email" description="The invited address.">
          <Input type="email" value={invitation.email} readOnly />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            autoComplete={signUp ? "new-password" : "current-password"}
            placeholder={signUp ? "At least 8 characters, hard to guess" : "Your password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {signUp ? "Create account and join" : "Sign in and join"}
        </Button>
      </form>
    </AuthShell>
  );
}
