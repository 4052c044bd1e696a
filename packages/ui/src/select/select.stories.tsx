import type { Meta, StoryObj } from "@storybook/react-vite";
import { Field } from "../field/field";
import { Select } from "./select";

const meta: Meta<typeof Select> = {
  title: "Components/Select",
  component: Select,
  args: { disabled: false, defaultValue: "en" },
  argTypes: {
    disabled: { control: "boolean" },
    defaultValue: { control: "inline-radio", options: ["en", "nl", "fr", "de"] },
    onChange: { action: "changed" },
  },
  decorators: [
    (Story) => (
      <div className="w-72">
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Select>;

export const Default: Story = {
  render: (args) => (
    // The key remounts the select when the defaultValue control changes.
    <Field label="Language">
      <Select key={String(args.defaultValue)} {...args}>
        <option value="en">English</option>
        <option value="nl">Nederlands</option>
        <option value="fr">Français</option>
        <option value="de">Deutsch</option>
      </Select>
    </Field>
  ),
};

export const Invalid: Story = {
  argTypes: { defaultValue: { control: false } },
  render: ({ defaultValue: _value, ...args }) => (
    <Field label="Domain" error="Please select a domain.">
      <Select defaultValue="" {...args}>
        <option value="" disabled>
          Choose a domain
        </option>
        <option value="d1">Bike shop</option>
      </Select>
    </Field>
  ),
};
