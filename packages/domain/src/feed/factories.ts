import { createId } from "../shared/ids";
import { DEFAULT_FEED_TYPE, DEFAULT_FEED_VARIABLES } from "./constants";
import type { Feed } from "./types";

/** A new feed (type channable, default variables). */
export function createFeed(overrides: Partial<Feed> = {}): Feed {
  return {
    organizationId: "",
    domainId: "",
    url: "",
    type: DEFAULT_FEED_TYPE,
    products: [],
    name: "",
    description: "",
    image: null,
    variables: { ...DEFAULT_FEED_VARIABLES },
    ...overrides,
    id: overrides.id ?? createId(),
  };
}
