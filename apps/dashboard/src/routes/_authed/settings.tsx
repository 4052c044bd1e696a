import {
  Avatar,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Page, PageHeader } from "../../features/layout/page";
import { OrganizationForm } from "../../features/settings/organization-form";
import { PersonalForm } from "../../features/settings/personal-form";
import { AccountSection } from "../../features/account/account-section";
import { ApiKeysSection } from "../../features/api-keys/api-keys-section";
import { TeamSection } from "../../features/team/team-section";
import { useHashTab } from "../../features/layout/use-hash-tab";
import { PrivacyAndGuideSection } from "../../features/settings/privacy-and-guide-section";
import { ShopperDataSection } from "../../features/settings/shopper-data-section";
import { initials, roleLabel } from "../../features/navigation/nav-logic";
import { useTRPC } from "../../lib/trpc";

export const Route = createFileRoute("/_authed/settings")({
  head: () => ({ meta: [{ title: "Settings · Floow" }] }),
  component: Settings,
});

function Settings() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.user.get.queryOptions());
  const [tab, setTab] = useHashTab(["personal", "organization"]);
  const { user, organization } = data;
  if (!user) return null;

  return (
    <Page>
      <PageHeader title="Settings" description="Your personal information and your organization." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="personal">Personal</TabsTrigger>
          <TabsTrigger value="organization">Organization</TabsTrigger>
        </TabsList>

        <TabsContent value="personal" className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Personal information</CardTitle>
              <CardDescription>How you appear to your teammates.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="flex items-center gap-4">
                <Avatar
                  size="lg"
                  src={user.picture}
                  alt={user.name}
                  initials={initials(user.name)}
                />
                <div>
                  <p className="text-base font-semibold text-grey-900">{user.name}</p>
                  <p className="text-sm text-grey-600">{roleLabel(data.roles)}</p>
                </div>
              </div>
              <PersonalForm user={user} />
            </CardContent>
          </Card>
          <AccountSection user={user} />
          <PrivacyAndGuideSection />
        </TabsContent>

        <TabsContent value="organization" className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Organization</CardTitle>
              <CardDescription>Everything in Floow belongs to this organization.</CardDescription>
            </CardHeader>
            <CardContent>
              {organization ? (
                <OrganizationForm
                  organization={organization}
                  canEdit={data.roles.includes("admin")}
                />
              ) : (
                <Muted>You are not part of an organization.</Muted>
              )}
            </CardContent>
          </Card>
          {organization ? <TeamSection data={data} /> : null}
          {organization ? <ShopperDataSection canEdit={data.roles.includes("admin")} /> : null}
          {organization && data.roles.includes("admin") ? <ApiKeysSection /> : null}
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-grey-400">{children}</span>;
}
