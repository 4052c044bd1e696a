import { TOASTS } from "@floow/domain/messages";
import { RELOAD_AFTER_USER_DELETE_MS, USER_DELETED_TOAST_TIMEOUT_MS } from "@floow/domain/shared";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  toast,
} from "@floow/ui";
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTRPC, type UserBundle } from "../../lib/trpc";
import { refusalOf } from "../../lib/trpc-errors";
import { ChangeEmailDialog } from "./change-email-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";

type User = NonNullable<UserBundle["user"]>;

/**
 * The account part of /settings (Personal): Change Email, Change Password and Delete user
 * (spec sections 2, 4, 7, 8).
 */
export function AccountSection({
  user,
  reload = () => window.location.reload(),
}: {
  user: User;
  reload?: () => void;
}) {
  const trpc = useTRPC();
  const [dialog, setDialog] = useState<"email" | "password" | "delete" | null>(null);
  const remove = useMutation(trpc.user.remove.mutationOptions());

  const deleteUser = async () => {
    try {
      await remove.mutateAsync({ userId: user.user_id });
    } catch (error) {
      // The last admin of a team is told to hand over first; anything else is the spec's text.
      const handOver = refusalOf(error);
      toast.error(handOver ?? TOASTS.failure.userDelete);
      return;
    }
    toast.success(TOASTS.success.userDelete, { duration: USER_DELETED_TOAST_TIMEOUT_MS });
    window.setTimeout(reload, RELOAD_AFTER_USER_DELETE_MS);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          Your sign-in address, your password, and your account itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-grey-100">
        <Row title="Email" detail={user.email}>
          <Button variant="outline" onClick={() => setDialog("email")}>
            Change email
          </Button>
        </Row>
        <Row
          title="Password"
          detail="We e-mail you a link to choose a new one. Every session ends when you set it."
        >
          <Button variant="outline" onClick={() => setDialog("password")}>
            Change password
          </Button>
        </Row>
        <Row
          title="Delete user"
          detail="Deletes your account. Organizations where you are the only teammember are deleted with it."
        >
          <Button variant="destructive" onClick={() => setDialog("delete")}>
            Delete user
          </Button>
        </Row>
      </CardContent>

      <ChangeEmailDialog
        currentEmail={user.email}
        open={dialog === "email"}
        onOpenChange={(open) => setDialog(open ? "email" : null)}
      />
      <ChangePasswordDialog
        currentEmail={user.email}
        open={dialog === "password"}
        onOpenChange={(open) => setDialog(open ? "password" : null)}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title="Delete user"
        description={`Delete the account ${user.email}? You are removed from every organization, and an organization where you are the only teammember is deleted with all its floows. This cannot be undone.`}
        confirmLabel="Delete user"
        destructive
        onConfirm={deleteUser}
      />
    </Card>
  );
}

function Row({ title, detail, children }: { title: string; detail: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-medium text-grey-900">{title}</span>
        <span className="text-sm text-grey-600">{detail}</span>
      </div>
      {children}
    </div>
  );
}
