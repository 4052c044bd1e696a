/**
 * The spec's generic field checker messages (section 5) and the checks the schemas and the
 * runtime use. The spec's other generic checkers (date, Dutch phone, zipcode, hexcode, digits,
 * file size) were a table no screen used (FIELD_RULES, issue 25): no Floow form asks for
 * those values, and a floow's form inputs follow their own rules (form-input/logic.ts).
 * Their messages stay here, pinned by the tests, for the day a form needs one.
 */

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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

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
