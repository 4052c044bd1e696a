import { z } from "zod";
import { HEX_CODE_LENGTH } from "../shared/constants";
import {
  boundedString,
  httpUrlString,
  idSchema,
  imageSchema,
  requiredString,
} from "../shared/schema";
import { FIELD_MESSAGES } from "../validation/checkers";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { DOMAIN_HOST_PATTERN, normalizeDomainHost, stripHash } from "./logic";

const color = VALIDATION_MESSAGES.color;
const domain = VALIDATION_MESSAGES.domain;
const font = VALIDATION_MESSAGES.font;

/**
 * A hex code as stored: up to 6 hex digits, no `#` (a typed `#` is stripped). Empty is
 * allowed (spec section 4: a new colour starts with an empty hex). The messages are Add
 * Color's, so a bad colour sent to `domain.update` is named at `colors.<i>.hex`.
 */
const hexSchema = z
  .string()
  .overwrite(stripHash)
  .max(HEX_CODE_LENGTH, { error: color.hexMax })
  .regex(/^[0-9a-fA-F]*$/, { error: FIELD_MESSAGES.hexcode });

export const colorSchema = z.object({
  id: idSchema,
  name: boundedString("name", "A color name").default(""),
  hex: hexSchema.default(""),
  favorite: z.boolean().default(false),
});

/**
 * A font as saved with a domain: checked like the Add Font dialog (name required, an
 * absolute http(s) stylesheet URL), so the server never stores what the dialog refuses
 * and a bad font is named at `fonts.<i>.url` with the spec's message.
 */
export const domainFontSchema = z.object({
  id: idSchema,
  name: requiredString(font.nameRequired, "name", "A font name"),
  url: httpUrlString(font.urlRequired, font.urlInvalid),
});

const description = boundedString("description", "Description", { trim: true });
const blobUrl = boundedString("url", "An image address").nullable();

export const domainSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  name: boundedString("name", "Name"),
  description: boundedString("description", "Description").default(""),
  image: imageSchema,
  host: boundedString("url", "Host"),
  blobUrl: blobUrl.default(null),
  colors: z.array(colorSchema).default(() => []),
  fonts: z.array(domainFontSchema).default(() => []),
});

/** What the dashboard sends to create or save a domain: the domain without its organization. */
export const domainInputSchema = domainSchema.omit({ organizationId: true });

/** Add Color dialog: a typed `#` is stripped, the hex holds at most 6 characters. */
export const addColorSchema = z.object({
  name: requiredString(color.nameRequired, "name", "A color name"),
  hex: z
    .string({ error: color.hexRequired })
    .trim()
    .overwrite(stripHash)
    .min(1, { error: color.hexRequired })
    .max(HEX_CODE_LENGTH, { error: color.hexMax })
    // Not in the spec: a stored colour must be usable as CSS, so only hex digits.
    .regex(/^[0-9a-fA-F]*$/, { error: FIELD_MESSAGES.hexcode }),
});

/**
 * Create Domain dialog. The host must be an optional `https://`, an optional `www.`, a
 * name, a dot and a TLD; on submit `www.` is prepended when it starts with neither.
 */
export const createDomainSchema = z.object({
  name: requiredString(domain.nameRequired, "name", "Name"),
  host: requiredString(domain.hostRequired, "url", "Host")
    .refine((v) => v === "" || DOMAIN_HOST_PATTERN.test(v), { error: domain.hostInvalid })
    .transform(normalizeDomainHost),
  description: description.optional(),
  image: blobUrl.optional(),
});

/**
 * `domain.create`: a new domain with its client-generated id, checked with the Create Domain
 * rules (`www.` prepended to a bare host). Colours and fonts left out get the defaults of
 * `createDomain` (Dark Grey, White; Bai Jamjuree, Poppins).
 */
export const domainCreateSchema = z.object({
  id: idSchema,
  name: createDomainSchema.shape.name,
  host: createDomainSchema.shape.host,
  description: description.optional(),
  image: blobUrl.optional(),
  blobUrl: blobUrl.optional(),
  colors: z.array(colorSchema).optional(),
  fonts: z.array(domainFontSchema).optional(),
});

/** `domain.update`: the whole domain, with the Create Domain rules on its name and host. */
export const domainUpdateSchema = domainInputSchema.extend({
  name: createDomainSchema.shape.name,
  host: createDomainSchema.shape.host,
});

/** Add Font dialog. */
export const fontSchema = z.object({
  name: requiredString(font.nameRequired, "name", "A font name"),
  url: httpUrlString(font.urlRequired, font.urlInvalid),
});

export type AddColor = z.output<typeof addColorSchema>;
export type CreateDomainInput = z.input<typeof createDomainSchema>;
export type CreateDomain = z.output<typeof createDomainSchema>;
export type FontForm = z.output<typeof fontSchema>;
export type DomainInput = z.output<typeof domainInputSchema>;
export type DomainCreate = z.output<typeof domainCreateSchema>;
export type DomainUpdate = z.output<typeof domainUpdateSchema>;
