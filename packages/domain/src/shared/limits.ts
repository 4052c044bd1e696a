/**
 * The one length of every free-text field (issue 25): the API's schemas refuse a longer
 * value with a 400 naming the field, and the dashboard's inputs carry the same `maxLength`.
 * Dependency-free, so the runtime and the dashboard can import it too.
 */
export const TEXT_LIMITS = {
  /** A person's name (sign-up, settings, an invitation). */
  personName: 100,
  /** A person's title (job title). */
  personTitle: 200,
  /** Names of things: organization, display name, domain, floow, feed, webhook, colour, font. */
  name: 200,
  /** A ticket's subject, a short title. */
  subject: 200,
  /** A support ticket's description. */
  comment: 5_000,
  /** Any URL (feeds, fonts, webhooks, logos, pictures, images, a page address). */
  url: 2_048,
  /** An e-mail address (RFC 5321's limit on a path). */
  email: 320,
  /** A phone number. */
  phone: 50,
  /** An id (UUIDs and the editor's ids are far shorter). */
  id: 200,
  /** A token from an e-mailed link. */
  token: 200,
  /** A label shown in a floow: a button, a choice, a form input's label or option, a placeholder. */
  label: 500,
  /** A page's text in a floow (start, step and finish texts; may hold rich text). */
  pageText: 5_000,
  /** A key: a feed attribute, a data-layer or activation key, a filter's field and value, a tag, a setting. */
  key: 200,
  /** A webhook header's value. */
  headerValue: 2_000,
  /** A search box. */
  search: 200,
  /** A password (better-auth's `maxPasswordLength`). */
  password: 128,
  /** A trigger's route and CSS value. */
  selector: 2_048,
  /** A domain's description. */
  description: 2_000,
} as const;

export type TextLimit = keyof typeof TEXT_LIMITS;

/** The message of a value over its limit, in the style of the spec's 'Hex code can be a maximum of 6 characters.' */
export function tooLongMessage(max: number, label = "This field"): string {
  return `${label} can be a maximum of ${max.toLocaleString("en-US")} characters.`;
}
