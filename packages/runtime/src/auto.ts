/**
 * A domain's floows shown by their triggers, with the renderer already at hand: the
 * script-tag renderer's `FloowRuntime.start` (the loader hands over to it) and the npm
 * `mount({ domainId, apiUrl })`.
 */
import { TRIGGER_POSITIONS, findTriggerElement, matchTrigger } from "@floow/domain/logic";
import type { PublicDomainFloows } from "@floow/domain/logic";
import { createController } from "./controller";
import { createHost } from "./host";
import type { Controller, ControllerOptions, RuntimeLike } from "./controller";
import { mountFloow } from "./mount";
import { visitorQuery } from "./session";

export const controllers = new Set<Controller>();

const runtime: RuntimeLike = { mount: mountFloow };

/**
 * Starts the trigger controller on data the loader already fetched (or is fetching), with
 * the loader's trigger rules and skeleton hosts.
 */
export function start(options: Omit<ControllerOptions, "load">): Controller {
  const controller = createController({ ...options, load: () => Promise.resolve(runtime) });
  const handle: Controller = {
    ...controller,
    destroy() {
      controllers.delete(handle);
      controller.destroy();
    },
  };
  controllers.add(handle);
  return handle;
}

/** Fetches a domain's live floows and starts the controller on them. */
export function startDomain(domainId: string, apiUrl: string, debug?: boolean): Controller {
  const base = apiUrl.replace(/\/+$/, "");
  const data = fetch(
    `${base}/api/public/domains/${encodeURIComponent(domainId)}/floows${visitorQuery()}`,
  ).then((response) =>
    response.ok
      ? (response.json() as Promise<PublicDomainFloows>)
      : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  return start({
    apiUrl: base,
    data,
    debug,
    rules: [matchTrigger, findTriggerElement, TRIGGER_POSITIONS],
    host: createHost,
  });
}
