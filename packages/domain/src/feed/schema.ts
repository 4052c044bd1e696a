import { z } from "zod";
import {
  boundedString,
  httpUrlString,
  idSchema,
  imageSchema,
  requiredString,
} from "../shared/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import { DEFAULT_FEED_TYPE, DEFAULT_FEED_VARIABLES, FEED_TYPES } from "./constants";

const m = VALIDATION_MESSAGES.feed;

export const productSchema = z.record(z.string(), z.unknown());

/** A feed attribute's name. */
const attribute = boundedString("key", "An attribute name").min(1);

export const feedVariablesSchema = z.object({
  id: attribute.default(DEFAULT_FEED_VARIABLES.id),
  url: attribute.default(DEFAULT_FEED_VARIABLES.url),
  name: attribute.default(DEFAULT_FEED_VARIABLES.name),
  price: attribute.default(DEFAULT_FEED_VARIABLES.price),
  image: attribute.default(DEFAULT_FEED_VARIABLES.image),
  description: attribute.default(DEFAULT_FEED_VARIABLES.description),
});

export const feedSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  domainId: idSchema,
  url: boundedString("url", "A URL"),
  type: z.enum(FEED_TYPES).default(DEFAULT_FEED_TYPE),
  products: z.array(productSchema).default(() => []),
  name: boundedString("name", "Name").default(""),
  description: boundedString("description", "Description").default(""),
  image: imageSchema,
  variables: feedVariablesSchema.prefault({}),
});

/** What `feed.upsert` takes: the full feed without its organization. */
export const feedInputSchema = feedSchema.omit({ organizationId: true });

/** New feed / Add Feed form. */
export const feedFormSchema = z.object({
  name: requiredString(m.nameRequired, "name", "Name"),
  type: z.enum(FEED_TYPES, { error: m.typeRequired }),
  url: httpUrlString(m.urlRequired, m.urlInvalid),
});

/** The feed preview call (`POST /api/feed`): the products of a feed URL. */
export const feedPreviewSchema = feedFormSchema.pick({ url: true, type: true });

/** `product.list`: a page of stored products, of one feed or (no `feedId`) of all the organization's feeds. */
export const productListSchema = z.object({
  feedId: idSchema.optional(),
  search: boundedString("search", "A search").optional(),
  sort: z.enum(["position", "id", "name", "price"]).default("position"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});

/**
 * `feed.upsert`: the full feed (`feedInputSchema`) with the Add Feed form's rules for name and
 * url (required, a valid http(s) URL), so the dashboard shows the spec's messages. The domain
 * is optional: a feed added from the Products screen belongs to the organization, and any of
 * its floows may use it. Products are not taken (the refresher reads them from the url).
 */
export const feedUpsertSchema = feedInputSchema.omit({ products: true }).extend({
  domainId: feedInputSchema.shape.domainId.nullish(),
  name: feedFormSchema.shape.name,
  url: feedFormSchema.shape.url,
});

export type FeedForm = z.output<typeof feedFormSchema>;
export type FeedUpsert = z.output<typeof feedUpsertSchema>;
export type FeedInput = z.output<typeof feedInputSchema>;
export type FeedPreview = z.output<typeof feedPreviewSchema>;
export type ProductListInput = z.input<typeof productListSchema>;
