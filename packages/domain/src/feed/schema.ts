import { z } from "zod";
import { httpUrlString, idSchema, imageSchema, requiredString } from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { DEFAULT_FEED_TYPE, DEFAULT_FEED_VARIABLES, FEED_TYPES } from "./constants";

const m = VALIDATION_MESSAGES.feed;

export const productSchema = z.record(z.string(), z.unknown());

export const feedVariablesSchema = z.object({
  id: z.string().min(1).default(DEFAULT_FEED_VARIABLES.id),
  url: z.string().min(1).default(DEFAULT_FEED_VARIABLES.url),
  name: z.string().min(1).default(DEFAULT_FEED_VARIABLES.name),
  price: z.string().min(1).default(DEFAULT_FEED_VARIABLES.price),
  image: z.string().min(1).default(DEFAULT_FEED_VARIABLES.image),
  description: z.string().min(1).default(DEFAULT_FEED_VARIABLES.description),
});

export const feedSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  domainId: idSchema,
  url: z.string(),
  type: z.enum(FEED_TYPES).default(DEFAULT_FEED_TYPE),
  products: z.array(productSchema).default(() => []),
  name: z.string().default(""),
  description: z.string().default(""),
  image: imageSchema,
  variables: feedVariablesSchema.prefault({}),
});

/** What `feed.upsert` takes: the full feed without its organization. */
export const feedInputSchema = feedSchema.omit({ organizationId: true });

/** New feed / Add Feed form. */
export const feedFormSchema = z.object({
  name: requiredString(m.nameRequired),
  type: z.enum(FEED_TYPES, { error: m.typeRequired }),
  url: httpUrlString(m.urlRequired, m.urlInvalid),
});

/** The feed preview call (`POST /api/feed`): the products of a feed URL. */
export const feedPreviewSchema = feedFormSchema.pick({ url: true, type: true });

/** `product.list`: a page of stored products, of one feed or (no `feedId`) of all the organization's feeds. */
export const productListSchema = z.object({
  feedId: idSchema.optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(["position", "id", "name", "price"]).default("position"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});

export type FeedForm = z.output<typeof feedFormSchema>;
export type FeedInput = z.output<typeof feedInputSchema>;
export type FeedPreview = z.output<typeof feedPreviewSchema>;
export type ProductListInput = z.input<typeof productListSchema>;
