import type { Preview } from "@storybook/react-vite";
import "../src/styles.css";

const preview: Preview = {
  // A docs page (props table, controls, every story) for every component.
  tags: ["autodocs"],
  // Radix's `asChild` swaps the element for a child the story does not have.
  argTypes: { asChild: { control: false } },
  parameters: {
    layout: "centered",
    controls: { matchers: { color: /(background|color)$/i }, sort: "requiredFirst" },
    // axe runs on every story; in the Vitest run a violation fails the story's test.
    a11y: { test: "error" },
  },
  decorators: [
    (Story) => (
      <div className="font-sans text-grey-900">
        <Story />
      </div>
    ),
  ],
};

export default preview;
