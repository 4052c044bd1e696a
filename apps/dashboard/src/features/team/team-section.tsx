import { ROLE_LABELS, ROLES, type Role } from "@floow/domain/user";
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from "@floow/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { initials } from "../navigation/nav-logic";
import { useTRPC, type UserBundle } from "../../lib/trpc";
import { InviteDialog } from "./invite-dialog";
import { serverMessage } from "../../lib/trpc-errors";

type TeamUser = UserBundle["users"][number];
type Invitation = UserBundle["invitations"][number];

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

/**
 * The team of /settings#organization (spec sections 2, 3, 6): every teammember with picture
 * or initials, name, e-mail and role; admins change roles, invite, resend and revoke
 * invitations and remove teammembers; everyone may remove themselves (leave). The last admin
 * can be neither demoted nor removed (the server says so).
 */
export function TeamSection({ data }: { data: UserBundle }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = data.roles.includes("admin");
  const me = data.user?.user_id;
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() });

  const updateRole = useMutation(trpc.team.updateRole.mutationOptions());
  const remove = useMutation(trpc.team.remove.mutationOptions());

  const changeRole = async (user: TeamUser, role: Role) => {
    try {
      await updateRole.mutateAsync({ userId: user.user_id, role });
      toast.success(
        `${user.name || user.email} is now ${role === "admin" ? "an admin" : "a member"}`,
      );
    } catch (error) {
      toast.error(serverMessage(error) ?? "Something went wrong changing the role");
    }
    await refresh();
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const self = removing.user_id === me;
    try {
      await remove.mutateAsync({ userId: removing.user_id });
    } catch (error) {
      toast.error(serverMessage(error) ?? "Something went wrong removing the teammember");
      return;
    }
    if (self) {
      // Out of the organization: start over from the top (the create-organization screen).
      window.location.assign("/");
      return;
    }
    toast.success(`${removing.name || removing.email} removed`);
    await refresh();
  };

  // The only admin cannot leave (the organization would have nobody to run it): no button.
  const lastAdmin = isAdmin && data.users.filter((user) => user.role === "admin").length <= 1;
  const canRemove = (user: TeamUser) => (user.user_id === me ? !lastAdmin : isAdmin);
  const organizationName =
    data.organization?.display_name || data.organization?.name || "the organization";
  const removingSelf = removing?.user_id === me;

  return (
    <Card>
      {/* The button goes under the text when both do not fit (a phone). */}
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <CardTitle>Team</CardTitle>
          <CardDescription>
            {data.users.length === 1 ? "1 teammember" : `${data.users.length} teammembers`}
            {isAdmin ? ". Admins manage the team and the organization; members build floows." : "."}
          </CardDescription>
        </div>
        {isAdmin ? <Button onClick={() => setInviting(true)}>Invite Teammember</Button> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Table aria-label="Team" stack>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead className="w-40">Role</TableHead>
              <TableHead className="w-32 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.users.map((user) => (
              <TableRow key={user.user_id}>
                <TableCell>
                  <div className="flex items-center gap-3">
                    <Avatar
                      size="sm"
                      src={user.picture}
                      alt={user.name}
                      initials={initials(user.name || user.email)}
                    />
                    <span className="font-medium text-grey-900">
                      {user.name || "—"}
                      {user.user_id === me ? (
                        <span className="ml-1.5 font-normal text-grey-500">(you)</span>
                      ) : null}
                    </span>
                  </div>
                </TableCell>
                <TableCell label="Email" className="text-grey-600">
                  {user.email}
                </TableCell>
                <TableCell label="Role">
                  {isAdmin ? (
                    <Select
                      aria-label={`Role of ${user.name || user.email}`}
                      value={user.role}
                      disabled={updateRole.isPending}
                      onChange={(event) => void changeRole(user, event.target.value as Role)}
                      className="h-8 py-0 text-sm"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Badge variant={user.role === "admin" ? "success" : "neutral"}>
                      {ROLE_LABELS[user.role]}
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  {canRemove(user) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setRemoving(user)}
                    >
                      {user.user_id === me ? "Leave" : "Remove"}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>

        {data.invitations.length > 0 ? (
          <Invitations invitations={data.invitations} isAdmin={isAdmin} onChange={refresh} />
        ) : null}
      </CardContent>

      {isAdmin ? <InviteDialog open={inviting} onOpenChange={setInviting} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removingSelf ? `Leave ${organizationName}?` : "Remove Teammember"}
        description={
          removingSelf
            ? `You lose access to ${organizationName} and its floows at once. Only an admin can invite you back. This cannot be undone.`
            : `${removing?.name || removing?.email} loses access to ${organizationName} at once. This cannot be undone; you can invite them again later.`
        }
        confirmLabel={removingSelf ? "Leave organization" : "Remove Teammember"}
        destructive
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

function Invitations({
  invitations,
  isAdmin,
  onChange,
}: {
  invitations: Invitation[];
  isAdmin: boolean;
  onChange: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.invitation.resend.mutationOptions());
  const revoke = useMutation(trpc.invitation.revoke.mutationOptions());

  // The spec's silent case: invitation calls show no error notice.
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch {
      // silent
    }
    await onChange();
  };

  return (
    <section aria-label="Pending invitations" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-grey-900">Pending invitations</h3>
      <ul className="divide-y divide-grey-100 rounded-xl border border-grey-200">
        {invitations.map((invitation) => (
          <li
            key={invitation.id ?? invitation.email}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
          >
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm font-medium text-grey-900">
                {invitation.name || invitation.email}
              </span>
              <span className="truncate text-xs text-grey-500">
                {invitation.name ? `${invitation.email} · ` : ""}
                expires {dateFormat.format(new Date(invitation.expires_at))}
              </span>
            </div>
            <Badge variant="info">{ROLE_LABELS[invitation.role]}</Badge>
            {isAdmin && invitation.id ? (
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() =>
                    void run(
                      () => resend.mutateAsync({ id: invitation.id! }),
                      `Invitation sent again to ${invitation.email}`,
                    )
                  }
                >
                  Resend
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  disabled={revoke.isPending}
                  onClick={() =>
                    void run(
                      () => revoke.mutateAsync({ id: invitation.id!, email: invitation.email }),
                      `Invitation to ${invitation.email} revoked`,
                    )
                  }
                >
                  Revoke
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
