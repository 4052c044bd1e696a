/**
 * Shows a domain's live floows on the page by their triggers: used by the script-tag loader
 * (which loads the renderer only when a floow is to be shown) and by `mount({ domainId })`.
 * Free of the renderer and kept small.
 */
import type { PublicDomain, PublicFloow } from "@floow/domain/logic";
import type { createHost } from "./host";
import { findTarget } from "./triggers";
import type { TriggerRules } from "./triggers";
import { watchUrl } from "./url-watch";

/** What the controller needs of the renderer (`window.FloowRuntime` or the npm module). */
export interface RuntimeLike {
  mount(
    element: Element | null,
    options: {
      floow?: PublicFloow;
      floowId?: string;
      domain?: PublicDomain;
      apiUrl: string;
      open?: boolean;
    },
  ): { open(): void; destroy(): void };
}

export interface ControllerOptions {
  apiUrl: string;
  /** The domain's live floows and brand. */
  data: Promise<{ floows: PublicFloow[]; domain: PublicDomain }>;
  load: () => Promise<RuntimeLike>;
  /** The domain's trigger rules (the loader passes its own copy). */
  rules: TriggerRules;
  /** Makes a host showing a skeleton (the loader passes its own copy, like `rules`). */
  host: typeof createHost;
  /** `?floowsDebug=true`: log why each trigger did or did not match. */
  debug?: boolean;
}

interface Entry {
  /** Where a trigger (or skipTrigger) placed the floow; none when opened by `show()`. */
  host?: HTMLElement;
  element?: Element;
  instance?: ReturnType<RuntimeLike["mount"]>;
  open?: boolean;
}

export interface Controller {
  /** Opens a floow from the page's own code (`window.floows.show(id)`). */
  show(floowId: string): void;
  /** Evaluates the triggers again. */
  refresh(): void;
  destroy(): void;
}

export function createController({
  apiUrl,
  data,
  load,
  rules,
  host: createHost,
  debug,
}: ControllerOptions): Controller {
  const entries = new Map<string, Entry>();
  const log = (...args: unknown[]) => debug && console.info("[floows]", ...args);
  let floows: PublicFloow[] = [];
  let domain: PublicDomain | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const remove = (id: string) => {
    const entry = entries.get(id);
    entries.delete(id);
    entry?.instance?.destroy();
    entry?.host?.remove();
  };

  const render = (id: string, entry: Entry, open: boolean) => {
    entries.set(id, entry);
    load().then(
      (runtime) => {
        // Removed meanwhile (the route changed, or destroy): never mount late.
        if (entries.get(id) === entry && (!entry.host || entry.host.isConnected))
          entry.instance = runtime.mount(entry.host ?? null, {
            floow: floows.find((f) => f.id === id),
            floowId: id,
            domain,
            apiUrl,
            open: open || !!entry.open,
          });
      },
      (error) => {
        console.warn("[floows]", error);
        remove(id);
      },
    );
  };

  const evaluate = () => {
    timer = undefined;
    if (stopped) return;
    for (const floow of floows) {
      const entry = entries.get(floow.id);
      const dialog = floow.container?.type === "dialog";
      if (floow.skipTrigger) {
        // No trigger: a dialog opens at once, an embedded floow goes at the end of the body.
        if (!entry) {
          log(floow.name, "skipTrigger");
          const host = dialog ? undefined : document.body.appendChild(createHost(floow.id));
          render(floow.id, { host }, dialog);
        }
        continue;
      }
      if (entry && !entry.host) continue; // opened by show(): the page decides
      const target = findTarget(
        rules,
        floow.triggers ?? [],
        location.href,
        document,
        debug && ((trigger, match, element) => log(floow.name, trigger, match.reason, element)),
      );
      if (target && entry?.element === target.element && entry.host?.isConnected) continue;
      if (entry) remove(floow.id);
      if (target) {
        // A dialog floow shows its start page at the target and opens when started.
        const host = createHost(floow.id);
        target.element.insertAdjacentElement(target.position, host);
        render(floow.id, { host, element: target.element }, false);
      }
    }
  };

  const refresh = () => {
    timer ??= setTimeout(evaluate, 50);
  };
  // Single-page apps: a new URL, or the target element appearing (or being re-rendered).
  const unwatch = watchUrl(() => {
    log(location.href);
    evaluate();
  });
  const observer = new MutationObserver(refresh);

  const ready = data.then(
    (answer) => {
      floows = answer.floows ?? [];
      domain = answer.domain;
      log(floows.length, "live floows");
      evaluate();
      if (!stopped) observer.observe(document.body, { childList: true, subtree: true });
    },
    (error) => console.warn("[floows]", error),
  );

  return {
    show(id) {
      ready.then(() => {
        const entry = entries.get(id);
        if (stopped) return;
        if (entry?.instance) entry.instance.open();
        else if (entry)
          entry.open = true; // still loading: open when it renders
        else {
          const skeleton = document.body.appendChild(createHost(id, true));
          load()
            .finally(() => skeleton.remove())
            .catch(() => 0);
          render(id, {}, true);
        }
      });
    },
    refresh,
    destroy() {
      stopped = true;
      unwatch();
      observer.disconnect();
      clearTimeout(timer);
      for (const id of [...entries.keys()]) remove(id);
    },
  };
}
