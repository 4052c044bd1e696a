/*
 * TODO(api): everything that lived here now comes from @floow/domain. This re-export only
 * keeps files written against it compiling; import from "@floow/domain" and delete this file.
 */
export { DomainError } from "@floow/domain";
export type { ErrorCode, FieldError } from "@floow/domain";
