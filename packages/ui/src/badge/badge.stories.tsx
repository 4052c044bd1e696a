import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";

const meta: Meta<typeof Badge> = {
  title: "Components/Badge",
  component: Badge,
  args: { children: "Live", variant: "success", dot: true },
  argTypes: {
    variant: { control: "select", options: ["neutral", "success", "warning", "info", "danger"] },
    dot: { control: "boolean" },
    children: { control: "text" },
  },
};
export default meta;
type Story = StoryObj<typeof Badge>;

export const Default: Story = {};
/** The floow and delivery statuses as the dashboard shows them. */
export const Statuses: Story = {
  parameters: { controls: { disable: true } },
  render: () => (
    <div className="flex gap-2">
      <Badge variant="info" dot>
        Development
      </Badge>
      <Badge variant="success" dot>
        Live
      </Badge>
      <Badge variant="neutral" dot>
        Archived
      </Badge>
      <Badge variant="warning">Draft</Badge>
      <Badge variant="danger">Failed</Badge>
    </div>
  ),
};
