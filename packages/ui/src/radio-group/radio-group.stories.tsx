import type { Meta, StoryObj } from "@storybook/react-vite";
import { ClipboardListIcon, FlowIcon, PackageIcon } from "../icons/icons";
import { RadioGroup, RadioGroupItem } from "./radio-group";

const meta: Meta<typeof RadioGroup> = {
  title: "Components/RadioGroup",
  component: RadioGroup,
  subcomponents: { RadioGroupItem },
  args: {
    "aria-label": "Language",
    variant: "default",
    size: "md",
    defaultValue: "en",
    disabled: false,
  },
  argTypes: {
    variant: { control: "inline-radio", options: ["default", "segmented", "card", "swatch"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
    orientation: { control: "inline-radio", options: [undefined, "horizontal", "vertical"] },
    disabled: { control: "boolean" },
    defaultValue: { control: "text" },
    value: { control: false },
    onValueChange: { action: "value changed" },
  },
};
export default meta;
type Story = StoryObj<typeof RadioGroup>;

/** Round radios with labels; the arrow keys move the choice. */
export const Default: Story = {
  render: (args) => (
    <RadioGroup key={args.defaultValue} {...args}>
      <RadioGroupItem value="en">English</RadioGroupItem>
      <RadioGroupItem value="nl">Nederlands</RadioGroupItem>
      <RadioGroupItem value="fr" description="Translations are in review.">
        Français
      </RadioGroupItem>
      <RadioGroupItem value="de" disabled>
        Deutsch (soon)
      </RadioGroupItem>
    </RadioGroup>
  ),
};

/** The editor's compact rows: state, device, settings category, sizes. */
export const Segmented: Story = {
  args: { variant: "segmented", "aria-label": "Editor state", defaultValue: "flow" },
  render: (args) => (
    <RadioGroup key={args.defaultValue} {...args}>
      <RadioGroupItem value="flow">Flow</RadioGroupItem>
      <RadioGroupItem value="preview">Preview</RadioGroupItem>
      <RadioGroupItem value="style">Style</RadioGroupItem>
    </RadioGroup>
  ),
};

/** Icon-only options are named by `aria-label` (and `title` for the tooltip). */
export const SegmentedIcons: Story = {
  args: { variant: "segmented", size: "sm", "aria-label": "Flow view", defaultValue: "graph" },
  render: (args) => (
    <RadioGroup key={args.defaultValue} {...args}>
      <RadioGroupItem value="graph" aria-label="Graph" title="Graph">
        <FlowIcon size={15} />
      </RadioGroupItem>
      <RadioGroupItem value="list" aria-label="List" title="List">
        <ClipboardListIcon size={15} />
      </RadioGroupItem>
    </RadioGroup>
  ),
};

/** Cards with rich content: the feed picker of Create Floow. */
export const Cards: Story = {
  args: { variant: "card", "aria-label": "Product feed", defaultValue: "main" },
  render: (args) => (
    <RadioGroup key={args.defaultValue} {...args} className="w-[32rem] grid-cols-2">
      {[
        { value: "main", name: "Main catalogue", detail: "Shopify · 412 products" },
        { value: "outlet", name: "Outlet", detail: "Channable · 38 products" },
      ].map((feed) => (
        <RadioGroupItem key={feed.value} value={feed.value}>
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-grey-100 text-grey-600">
            <PackageIcon size={17} />
          </span>
          <span className="flex flex-col">
            <span className="text-sm font-medium text-grey-900">{feed.name}</span>
            <span className="text-xs text-grey-600">{feed.detail}</span>
          </span>
        </RadioGroupItem>
      ))}
    </RadioGroup>
  ),
};

/** Colour chips, each named by `aria-label`: the editor's colour rows. */
export const Swatches: Story = {
  args: { variant: "swatch", "aria-label": "Background colour", defaultValue: "moss" },
  render: (args) => (
    <RadioGroup key={args.defaultValue} {...args}>
      {[
        { value: "white", name: "White", hex: "#ffffff" },
        { value: "moss", name: "Moss", hex: "#5b7737" },
        { value: "sand", name: "Sand", hex: "#e7d8b8" },
        { value: "night", name: "Night", hex: "#1e293b" },
      ].map((colour) => (
        <RadioGroupItem
          key={colour.value}
          value={colour.value}
          aria-label={colour.name}
          title={colour.name}
          style={{ backgroundColor: colour.hex }}
        />
      ))}
    </RadioGroup>
  ),
};
