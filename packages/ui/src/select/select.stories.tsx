import type { Meta, StoryObj } from "@storybook/react-vite";
import { Field } from "../field/field";
import { Select } from "./select";

const meta: Meta<typeof Select> = {
  title: "Components/Select",
  component: Select,
  decorators: [
    (Story) => (
      <div className="w-72">
        <Story />
      </div>
    ),
  ],
};
export default meta;

export const Default: StoryObj<typeof Select> = {
  render: () => (
    <Field label="Language">
      <Select defaultValue="en">
        <option value="en">English</option>
        <option value="nl">Nederlands</option>
        <option value="fr">Français</option>
        <option value="de">Deutsch</option>
      </Select>
    </Field>
  ),
};

export const Invalid: StoryObj<typeof Select> = {
  render: () => (
    <Field label="Domain" error="Please select a domain.">
      <Select defaultValue="">
        <option value="" disabled>
          Choose a domain
        </option>
        <option value="d1">Bike shop</option>
      </Select>
    </Field>
  ),
};
