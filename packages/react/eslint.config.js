export { default } from "@floow/eslint-config/react";
