export { default } from "@floow/eslint-config/base";
