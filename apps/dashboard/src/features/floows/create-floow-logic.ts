import { createFeed, type FeedForm, type FeedInput } from "@floow/domain/feed";
import { type CreateFloow, type FloowCreate, type FloowType } from "@floow/domain/floow";

/** The Create Floow wizard's two steps (spec section 2: "Create Floow: two steps"). */
export type WizardStep = "details" | "feed";

/**
 * The domain a new floow goes to without asking: the selected domain, when it still exists.
 * When this is null the wizard shows its domain field (spec: "domain (shown only when no
 * domain is currently selected)").
 */
export function preselectedDomainId(
  selectedDomainId: string | null,
  domains: readonly { id: string }[],
): string | null {
  return selectedDomainId && domains.some((domain) => domain.id === selectedDomainId)
    ? selectedDomainId
    : null;
}

/** The first step's starting values (spec section 3, "New floow (form state)": type selling). */
export function initialDetails(domainId: string | null) {
  return { domainId: domainId ?? "", type: "selling" as FloowType, name: "", language: undefined };
}

/**
 * What `floow.create` receives. The server builds the floow from it with the spec's defaults
 * (a data floow's forced settings, `New Floow` for an empty name); only Guided Selling has a feed.
 */
export function buildCreateInput(details: CreateFloow, feedId: string | null): FloowCreate {
  return {
    domainId: details.domainId,
    type: details.type,
    name: details.name,
    ...(details.language ? { language: details.language } : {}),
    feedId: details.type === "selling" ? feedId : null,
  };
}

/** The feed `feed.upsert` receives for the wizard's Add Feed form, in the floow's domain. */
export function buildFeedInput(form: FeedForm, domainId: string): FeedInput {
  const { organizationId: _organizationId, ...feed } = createFeed({ ...form, domainId });
  return feed;
}
