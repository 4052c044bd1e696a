import { randomUUID } from "node:crypto";
import type { DashboardClient } from "./client";
import { BIKES } from "./feed";

/**
 * Signs `userName` up as a new merchant (signed in on `client`) with the organization Velo, its
 * domain, and a feed served from `<shopUrl>/feed.xml` with the BIKES; resolves once the feed's
 * products are in. The setting every live-floow journey starts from.
 */
export async function openVeloAccount(
  client: DashboardClient,
  shopUrl: string,
  userName: string,
): Promise<{
  organizationId: string;
  domainId: string;
  feedId: string;
  email: string;
  password: string;
}> {
  const tag = `${Date.now()}.${randomUUID().slice(0, 8)}`;
  const email = `${userName.split(" ")[0]!.toLowerCase()}.${tag}@example.com`;
  const password = "correct-horse-battery";
  await client.signUp(userName, email, password);
  const organization = await client.mutation<{ id: string }>("organization.create", {
    name: "Velo",
    displayName: "Velo Bikes",
  });

  const domainId = randomUUID();
  // No web fonts: the pages load nothing from outside this machine.
  await client.mutation("domain.create", {
    id: domainId,
    name: "Velo shop",
    host: "velo-bikes.nl",
    fonts: [],
  });

  const feedId = randomUUID();
  await client.mutation("feed.upsert", {
    id: feedId,
    domainId,
    name: "Velo bikes",
    url: `${shopUrl}/feed.xml`,
    type: "channable",
  });
  await waitForFeed(client, feedId, BIKES.length);
  return { organizationId: organization.id, domainId, feedId, email, password };
}

/** Polls `feed.list` (as the dashboard does) until the feed's refresh brought `count` products. */
async function waitForFeed(client: DashboardClient, feedId: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const feeds = await client.query<
      {
        id: string;
        productCount: number;
        lastRefreshStatus: string;
        lastRefreshError: string | null;
      }[]
    >("feed.list");
    const feed = feeds.find((f) => f.id === feedId);
    if (feed && feed.productCount >= count) return;
    if (Date.now() > deadline) {
      throw new Error(`feed ${feedId} has no products after 30 s: ${JSON.stringify(feed)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
