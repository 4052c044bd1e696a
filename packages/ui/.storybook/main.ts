import tailwindcss from "@tailwindcss/vite";
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: ["../src/**/*.mdx", "../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  // The build runs in the test pipeline: keep it offline and quick.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: {
    // The TypeScript docgen reads the cva variants (`VariantProps`) and Radix props into the
    // props tables and controls; react-docgen cannot follow those types.
    reactDocgen: "react-docgen-typescript",
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // Our props and the Radix ones we document, not the hundreds of DOM attributes.
      propFilter: (prop) =>
        !prop.parent ||
        !/node_modules/.test(prop.parent.fileName) ||
        /@radix-ui/.test(prop.parent.fileName),
    },
  },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    viteConfig.build = {
      ...viteConfig.build,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        ...viteConfig.build?.rolldownOptions,
        // Radix marks its modules "use client"; that means nothing in a static Storybook.
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
          warn(warning);
        },
      },
    };
    return viteConfig;
  },
};

export default config;
