import type { Meta, StoryObj } from "@storybook/react-vite";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

const meta: Meta<typeof Tabs> = {
  title: "Components/Tabs",
  component: Tabs,
  parameters: { controls: { disable: true } },
};
export default meta;

export const DomainTabs: StoryObj<typeof Tabs> = {
  render: () => (
    <Tabs defaultValue="general" className="w-[28rem]">
      <TabsList>
        <TabsTrigger value="general">General</TabsTrigger>
        <TabsTrigger value="floows">Floows</TabsTrigger>
        <TabsTrigger value="implementation">Implementation</TabsTrigger>
      </TabsList>
      <TabsContent value="general">Name, host, colours and fonts.</TabsContent>
      <TabsContent value="floows">The floows of this domain.</TabsContent>
      <TabsContent value="implementation">The script tag to add.</TabsContent>
    </Tabs>
  ),
};
