/**
 * The generic field checkers of spec section 5: each returns `true` or the message.
 * Dependency-free, so both zod schemas and the runtime use them.
 */
import { FILE_SIZE_LIMIT_BYTES } from "../shared/constants";

export const FIELD_MESSAGES = {
  required: "This field is required",
  checked: "This field should be checked",
  number: "This field should be a number",
  fileSize: "Files should be smaller than 10MB",
  email: "E-mail should be valid",
  date: "Date should be valid",
  website: "Website should be valid",
  phone: "Phone number should be valid",
  zipcode: "Zipcode should be valid",
  hexcode: "Hexcode should be valid",
} as const;
export type FieldCheck = keyof typeof FIELD_MESSAGES;

export type FieldRule = (value: unknown) => true | string;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An optional http(s) scheme, a host with a dot and a TLD of 2+ letters, an optional port and path. */
export const WEBSITE_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
/** Dutch numbers after removing spaces, hyphens, dots and parentheses: 0, +31 or 0031, then 9 digits. */
export const DUTCH_PHONE_PATTERN = /^(?:0|\+31|0031)[1-9]\d{8}$/;
export const ZIPCODE_PATTERN = /^\d{4}\s?[a-zA-Z]{2}$/;
export const HEXCODE_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const DIGITS_PATTERN = /^\d+$/;

/** Empty: undefined, null, a blank string or an empty list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export function isWebsite(value: string): boolean {
  return WEBSITE_PATTERN.test(value.trim());
}

/** An absolute http(s) URL with a host (feed and font URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** One of Floow's own uploads, served by the API at `/blobs/<id>` (apps/api http/blob.ts). */
export const OWN_UPLOAD_PATTERN = /^\/blobs\/[\w-]+$/;

/**
 * An image address Floow stores and shows (a logo, a picture): an absolute http(s) URL or one
 * of Floow's own uploads. Never `javascript:`, `data:` or another scheme.
 */
export function isImageAddress(value: string): boolean {
  return isHttpUrl(value) || OWN_UPLOAD_PATTERN.test(value.trim());
}

/** Dutch phone numbers: 0612345678, 06-12345678, 020 123 4567, +31 6 12345678, +31 (0)20 1234567, 0031…. */
export function isDutchPhone(value: string): boolean {
  const compact = value
    .trim()
    .replace(/\(0\)/g, "")
    .replace(/[\s\-.()]/g, "");
  return DUTCH_PHONE_PATTERN.test(compact);
}

type FileLike = { size: number };
function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === "object" && value !== null && typeof (value as FileLike).size === "number"
  );
}

const whenFilled =
  (test: (value: string) => boolean, message: string): FieldRule =>
  (value) =>
    isBlank(value) || test(String(value)) ? true : message;

const required: FieldRule = (value) => (isBlank(value) ? FIELD_MESSAGES.required : true);
const checked: FieldRule = (value) => (value === true ? true : FIELD_MESSAGES.checked);
const number: FieldRule = whenFilled((v) => DIGITS_PATTERN.test(v.trim()), FIELD_MESSAGES.number);
const fileSize: FieldRule = (value) => {
  const files = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return files.every((f) => !isFileLike(f) || f.size < FILE_SIZE_LIMIT_BYTES)
    ? true
    : FIELD_MESSAGES.fileSize;
};
const email: FieldRule = whenFilled(isEmail, FIELD_MESSAGES.email);
const date: FieldRule = whenFilled(isIsoDate, FIELD_MESSAGES.date);
const website: FieldRule = whenFilled(isWebsite, FIELD_MESSAGES.website);
const phone: FieldRule = whenFilled(isDutchPhone, FIELD_MESSAGES.phone);
const zipcode: FieldRule = whenFilled(
  (v) => ZIPCODE_PATTERN.test(v.trim()),
  FIELD_MESSAGES.zipcode,
);
const hexcode: FieldRule = whenFilled(
  (v) => HEXCODE_PATTERN.test(v.trim()),
  FIELD_MESSAGES.hexcode,
);

/**
 * The checkers by name. Except `required`, `checked` and `fileSize`, a checker accepts an
 * empty value: combine with `required` for mandatory fields.
 * No code outside the tests reads this since its one reader (`checkField`) was dropped in
 * issue 25; `@public` keeps knip quiet until it is decided whether the named checkers stay.
 * @public
 */
export const FIELD_RULES: Readonly<Record<FieldCheck, FieldRule>> = {
  required,
  checked,
  number,
  fileSize,
  email,
  date,
  website,
  phone,
  zipcode,
  hexcode,
};
