/**
 * The script-tag loader (`/embed.js`, budget 2 kB gzip), pasted by merchants as
 * `<script src="https://FLOOW_HOST/embed.js" data-domain="DOMAIN_ID" async></script>`.
 *
 * It fetches the domain's live floows and evaluates their triggers against the page (again
 * after each History API navigation and DOM change), requesting the renderer
 * (`/runtime/floow.js`) in parallel. Once a floow is to be shown, or the page calls
 * `window.floows.show(id)`, it shows a skeleton until the renderer is here, and hands over: the renderer's controller (`controller.ts`)
 * then places, re-evaluates and removes floows, and becomes `window.floows`.
 * With `?floowsDebug=true` it hands over at once, and the controller logs every trigger
 * decision (keeping the log texts out of the loader's budget).
 */
import { TRIGGER_POSITIONS, findTriggerElement, matchTrigger } from "@floow/domain/logic";
import type { PublicDomainFloows } from "@floow/domain/logic";
import type { Controller, ControllerOptions } from "./controller";
import { createHost } from "./host";
import { LOCATION_EVENT, patchHistory } from "./url-watch";

export type FloowsWindow = Window & {
  floows?: Partial<Controller>;
  FloowRuntime?: { start(options: Omit<ControllerOptions, "load">): Controller };
};

const w = window as FloowsWindow;
const script = document.currentScript as HTMLScriptElement | null;
const domainId = script?.dataset.domain;

/**
 * Requests the renderer (`floow.js`, which registers `<floow-widget>` when a tag needs it),
 * with this tag's CSP nonce: a policy allowing scripts by nonce lets it in, and it passes the
 * nonce on to its chunks and, without constructable stylesheets, its `<style>` (render/sheet.ts).
 * At high priority, as the floows answer's fetch is: a script added by a script is low, and
 * Chromium held it back behind that fetch, so it came last and the floow waited for it.
 */
const loadRenderer = (apiUrl: string) =>
  new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = `${apiUrl}/runtime/floow.js?v=${__VERSION__}`;
    tag.nonce = script!.nonce;
    tag.fetchPriority = "high";
    tag.onload = resolve;
    tag.onerror = reject;
    document.head.append(tag);
  });

/**
 * The `?visitor=` a running experiment assigns by (session.ts, `visitorQuery`: the visitor id,
 * else the tab's session id, which the loader starts when the tab has none yet, so the first
 * page gets the arm the later ones do). Written out here rather than imported: session.ts's
 * id maker would cost the loader 250 B; `crypto.randomUUID` is in every browser the runtime
 * supports on an https page. Without storage: no key, the live version.
 */
function visitorParam(): string {
  try {
    // Storage's named properties (a missing key reads undefined; setting one stores it): the
    // same as getItem/setItem in fewer bytes. Our own ids (UUIDs) are URL-safe as they are, and
    // the server validates the key anyway.
    const id: string =
      localStorage["floows:visitor"] ||
      sessionStorage["floows:session"] ||
      (sessionStorage["floows:session"] = crypto.randomUUID());
    return `?visitor=${id}`;
  } catch {
    return "";
  }
}

if (!w.floows && domainId) {
  const apiUrl = new URL(script!.src).origin;
  const debug = /[?&]floowsDebug=true/.test(location.search);
  const skeletons: HTMLElement[] = [];
  // The renderer is requested at once, in parallel with the floows answer (not after it):
  // it only defines `FloowRuntime`, and a floow then shows one round-trip sooner. It is
  // cached for an hour, so the pages after the first pay nothing. First, before the storage
  // reads of `visitorParam` (a fresh tab's first read waits on the browser): it is the larger
  // answer, and the floow shows once both are here.
  const renderer = loadRenderer(apiUrl);
  renderer.catch(() => {}); // no floow to show: a failed load is nobody's concern
  // An error answer has no `floows`: the first check then fails and warns.
  const data: Promise<PublicDomainFloows> = fetch(
    `${apiUrl}/api/public/domains/${domainId}/floows${visitorParam()}`,
  ).then((response) => response.json());
  let controller: Promise<Controller> | undefined;

  /** Hands over to the renderer once it is here. */
  const start = () =>
    (controller ??= (observer.disconnect(), renderer)
      .then(
        () =>
          (w.floows = w.FloowRuntime!.start({
            apiUrl,
            data,
            debug,
            rules: [matchTrigger, findTriggerElement, TRIGGER_POSITIONS],
            host: createHost,
          })),
      )
      .finally(() => skeletons.forEach((s) => s.remove())));

  const skeleton = (id: string, dialog?: boolean) => {
    const host = createHost(id, dialog);
    skeletons.push(host);
    return host;
  };

  /** Whether a floow is to be shown now: one without a trigger, or a trigger's element is here. */
  const check = () =>
    data
      .then(({ floows }) => {
        for (const floow of controller ? [] : floows) {
          if (floow.skipTrigger) {
            document.body.append(skeleton(floow.id, floow.container.type === "dialog"));
            return start();
          }
          for (const trigger of floow.triggers) {
            const element =
              matchTrigger(trigger, location.href).matches && findTriggerElement(trigger, document);
            if (element) {
              element.insertAdjacentElement(TRIGGER_POSITIONS[trigger.target], skeleton(floow.id));
              return start();
            }
          }
        }
      })
      .catch(console.warn);

  patchHistory();
  addEventListener(LOCATION_EVENT, check);
  addEventListener("popstate", check);
  // DOM changes come in bursts (a page rendering): check once per 50 ms, as the controller does.
  let pending: unknown;
  const observer = new MutationObserver(() => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void check();
    }, 50);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  if (debug) void start();
  else void check();

  w.floows = {
    show(id) {
      if (!controller) document.body.append(skeleton(id, true));
      start().then((c) => c.show(id), console.warn);
    },
  };
} else if (script && !domainId) {
  // No domain: the tag is there for `<floow-widget floow-id>` tags (a Shopify or WordPress
  // block, a tag manager's tag), which the renderer registers.
  loadRenderer(new URL(script.src).origin).catch(console.warn);
}
