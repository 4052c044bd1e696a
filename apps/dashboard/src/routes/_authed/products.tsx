import { PackageIcon, Tabs, TabsContent, TabsList, TabsTrigger } from "@floow/ui";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon, Page, PageHeader } from "../../features/layout/page";
import { useHashTab } from "../../features/layout/use-hash-tab";

export const Route = createFileRoute("/_authed/products")({
  head: () => ({ meta: [{ title: "Products · Floow" }] }),
  component: Products,
});

function Products() {
  const [tab, setTab] = useHashTab(["products", "feeds"]);
  return (
    <Page>
      <PageHeader title="Products" description="The products your floows recommend, from your product feeds." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="feeds">Feeds</TabsTrigger>
        </TabsList>
        <TabsContent value="products">
          <ComingSoon
            icon={<PackageIcon size={24} />}
            title="The products list is not built yet"
            description="Products imported from your feeds will be listed here."
          />
        </TabsContent>
        <TabsContent value="feeds">
          <ComingSoon
            icon={<PackageIcon size={24} />}
            title="Product feeds are not built yet"
            description="Adding Channable and Shopify feeds arrives with the feeds screen."
          />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
