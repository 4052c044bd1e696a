import type { Meta, StoryObj } from "@storybook/react-vite";
import * as icons from "./icons";

const meta: Meta = { title: "Foundations/Icons" };
export default meta;

export const All: StoryObj = {
  render: () => (
    <div className="grid grid-cols-5 gap-6 text-grey-700">
      {Object.entries(icons).map(([name, Icon]) => (
        <div key={name} className="flex flex-col items-center gap-2 text-xs">
          <Icon size={24} />
          {name}
        </div>
      ))}
    </div>
  ),
};
