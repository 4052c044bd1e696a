import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";

const meta: Meta<typeof Badge> = { title: "Components/Badge", component: Badge };
export default meta;

export const Statuses: StoryObj<typeof Badge> = {
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
