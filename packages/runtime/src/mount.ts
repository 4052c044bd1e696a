/**
 * Mounting floows: one `FloowInstance` per mounted floow, rendered with Preact into a host
 * element's shadow root. Used by the npm API (`mount`, `open`, `on`, `destroy`), by the
 * script-tag renderer (`window.FloowRuntime`) and by the dashboard's editor preview
 * (`mount(el, { floow, domain, device, preview: true, view })`).
 */
import { h, render } from "preact";
import type {
  ContainerType,
  Device,
  FloowEventType,
  Language,
  PublicFloow,
  PublicResults,
} from "@floow/domain/logic";
import { fetchFloow, fetchResults } from "./api";
import { EventQueue, Listeners, buildEvent, publishToPage } from "./events";
import type { EventContext, EventFilter, EventHandler, FloowEventPayload } from "./events";
import { Flow } from "./flow";
import type { View } from "./flow";
import { followHistory } from "./history";
import type { HistoryFollower } from "./history";
import { HOST_ATTR, clearSkeleton, newHost } from "./host";
import { loadingText, textsOf } from "./i18n";
import { Root } from "./render/app";
import type { RootProps } from "./render/app";
import { deepActiveElement, tabbables } from "./render/focus";
import { load, rerender, when } from "./render/lazy";
import { addStyles } from "./render/sheet";
import type { Ui } from "./render/ui";
import { CSS } from "./render/styles";
import { sessionId, visitorId } from "./session";
import { loadFonts, primaryColor } from "./theme";
import type { Brand } from "./theme";

/** Viewports at least this wide get a floow's desktop styles. */
export const DESKTOP_MIN_WIDTH = 768;

/**
 * What `mount(element, options)` takes: a live floow's id with the API to fetch it from
 * (`floowId` and `apiUrl`), or its configuration (`floow`); never neither.
 */
export type MountOptions = MountSettings &
  ({ floowId: string; apiUrl: string } | { floow: PublicFloow });

/** Every mount option (`update()` takes any of them); `MountOptions` says which are required. */
export interface MountSettings {
  /** A live floow to fetch (`GET {apiUrl}/api/public/floows/:id`); or pass `floow`. */
  floowId?: string;
  /** The floow's configuration: renders at once, with no request for the floow. */
  floow?: PublicFloow;
  /** The domain's colours and fonts (fetched with `floowId` when not given). */
  domain?: Brand | null;
  /** Origin of the Floow API, e.g. `https://app.floow.io`: results and events go there. */
  apiUrl?: string;
  /** Use these styles whatever the viewport (the preview's device frame). */
  device?: Device;
  /**
   * The editor's preview: events reach `on()` and `onEvent` only (no data layer, no parent
   * page, no server), a dialog floow shows open inside the element, and results come from
   * `results` only.
   */
  preview?: boolean;
  /** Show this page first (the preview selects a step or the finish page). */
  view?: View;
  /** Override the floow's container (`dialog` or `embedded`). */
  container?: ContainerType;
  /** Open a dialog floow at once (otherwise its start page shows at the element). */
  open?: boolean;
  /** Override the floow's language for the runtime's own texts and messages. */
  language?: Language;
  /** Where results come from (default: `POST {apiUrl}/api/public/results`). */
  results?: (choiceIds: string[]) => Promise<PublicResults>;
  /** Called with every event message of this floow. */
  onEvent?: EventHandler;
  /**
   * The browser's Back button goes back a page in the floow (the hosted page): each new page
   * is an entry in the tab's history (same URL). Not in the script-tag renderer: on a
   * merchant's page, Back stays the page's own.
   */
  history?: boolean;
  /**
   * With `floowId` (npm build): consent and conversions for the floow's domain, as the script
   * tag and `mount({ domainId })` start them (docs/events.md "Consent"): the visitor id with
   * the page's analytics consent, `conversion()` reporting to that domain, and the GA4
   * `purchase` pick-up where the domain enables it. On by default; `false` leaves them off.
   * Never in a preview, nor with `floow` (a configuration you hold has no live domain).
   */
  tracking?: boolean;
}

export interface FloowInstance {
  readonly floowId: string;
  /** Settles when the floow is shown (after its fetch, with `floowId`). */
  readonly ready: Promise<void>;
  /** Opens a dialog floow (an embedded one scrolls into view). */
  open(): void;
  close(): void;
  /** Changes options in place (the preview passes each edit of the floow). */
  update(options: Partial<MountSettings>): void;
  /** Listens to this floow's events (`"*"`: all); returns the unsubscribe. */
  on(type: EventFilter, handler: EventHandler): () => void;
  destroy(): void;
}

export const instances = new Set<Instance>();
/**
 * The npm build's consent and conversions (index.ts sets it to start tracking.ts): called once
 * a live floow (`floowId`) is fetched, so the script tag's renderer carries none of it.
 */
export const liveFloow: { loaded?: (floow: PublicFloow, apiUrl: string) => void } = {};
// The chunk arrived (script tag): show what waited for it.
if (__SCRIPT_TAG__) rerender.all = () => instances.forEach((instance) => instance._render());
export const listeners = new Listeners();
const queues = new Map<string, EventQueue>();
let lastApiUrl: string | undefined;

function queueFor(apiUrl: string): EventQueue {
  let queue = queues.get(apiUrl);
  if (!queue) queues.set(apiUrl, (queue = new EventQueue(apiUrl)));
  return queue;
}

/** Sends what is queued, and forgets the queues and the default API. */
export function closeQueues(): void {
  for (const queue of queues.values()) queue.close();
  queues.clear();
  lastApiUrl = undefined;
}

/** A page's first answer: its first choice or form input (the question is its group's or its label). */
const firstAnswer = (root?: ParentNode | null) =>
  root?.querySelector<HTMLElement>("[aria-checked],.input,input");

/** A fresh render target in a host's shadow root, with the floow's stylesheet (render/sheet.ts). */
function prepare(host: HTMLElement): HTMLElement {
  clearSkeleton(host);
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  root.innerHTML = "";
  addStyles(root, CSS);
  const container = document.createElement("div");
  root.append(container);
  return container;
}

class Instance implements FloowInstance {
  readonly floowId: string;
  readonly ready: Promise<void>;
  private _options: MountSettings;
  private _flow?: Flow;
  private _brand?: Brand;
  private _inlineHost?: HTMLElement;
  private _inline?: HTMLElement;
  private _dialogHost?: HTMLElement;
  private _dialog?: HTMLElement;
  private _isOpen: boolean;
  private _destroyed = false;
  private _own = new Listeners();
  private _media?: MediaQueryList;
  private readonly _onMedia = () => this._render();
  private _restoreFocus?: Element | null;
  private _overflow?: string;
  private _viewKey?: string;
  /** A render runs; another was asked for during it (see `_render`). */
  private _rendering?: boolean;
  private _renderAgain?: boolean;
  /** With `history` (npm build): the tab's history entries follow the floow's pages. */
  private _history?: HistoryFollower;

  /** The visitor is in an experiment's holdout: nothing renders. */
  private _holdout?: boolean;
  /** Whether focus is in the floow (set by focusin/focusout on its container). */
  private _focused = false;
  private _dialogFocused = false;

  constructor(element: Element | null, options: MountSettings) {
    const id = (options.floow?.id ?? options.floowId)!;
    // A developer's mistakes (the npm build's): the script tag's loader passes both.
    if (!__SCRIPT_TAG__ && !id) throw new TypeError("mount: pass `floow` or `floowId`");
    if (!__SCRIPT_TAG__ && !options.floow && !options.apiUrl)
      throw new TypeError("mount: `floowId` needs `apiUrl`");
    this.floowId = id;
    this._options = { ...options };
    this._isOpen = !!options.open;
    if (options.apiUrl) lastApiUrl = options.apiUrl;
    if (element) {
      // The loader hands over its own host (showing a skeleton); anywhere else we add one.
      this._inlineHost = element.hasAttribute(HOST_ATTR)
        ? (element as HTMLElement)
        : (element.appendChild(newHost(id)) as HTMLElement);
      this._inline = prepare(this._inlineHost);
      this._inline.addEventListener("focusin", () => (this._focused = true));
      this._inline.addEventListener("focusout", (event) => {
        this._focused = this._inline!.contains(event.relatedTarget as Node | null);
      });
    }
    if ((__SCRIPT_TAG__ || !options.device) && typeof matchMedia === "function") {
      this._media = matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
      this._media.addEventListener?.("change", this._onMedia);
    }
    instances.add(this);
    if (!__SCRIPT_TAG__ && options.history) this._history = followHistory(() => this._flow);
    if (options.floow) {
      this._load(options.floow, options.domain ?? undefined);
      this.ready = Promise.resolve();
    } else {
      this._render();
      this.ready = fetchFloow(options.apiUrl!, id).then(
        ({ floow, domain }) => {
          if (this._destroyed) return;
          if (!__SCRIPT_TAG__ && !options.preview && options.tracking !== false)
            liveFloow.loaded?.(floow, options.apiUrl!);
          this._load(floow, options.domain ?? domain);
        },
        (error: unknown) => {
          console.warn("[floows]", id, error);
          this.destroy();
        },
      );
    }
  }

  private get _device(): Device {
    return (
      (!__SCRIPT_TAG__ && this._options.device) || (this._media?.matches ? "desktop" : "mobile")
    );
  }

  private get _container(): ContainerType {
    if (!__SCRIPT_TAG__ && this._options.container) return this._options.container;
    if (!this._inline) return "dialog";
    return this._flow?.floow.container?.type ?? "embedded";
  }

  private _load(floow: PublicFloow, brand: Brand | undefined): void {
    // The script-tag renderer has no texts but the answer's: an answer from an older server
    // (a rolling deploy, a stale cache) fails the floow cleanly, as a failed fetch does.
    if (__SCRIPT_TAG__ && !floow.texts) {
      console.warn("[floows]", floow.id, "no texts");
      return this.destroy();
    }
    if (floow.holdout) {
      // An experiment's holdout (docs/analytics.md "Experiments"): nothing is shown, and one
      // `holdout` event, to the server only, says this visitor would have seen the floow here.
      this._holdout = true;
      if (this._options.apiUrl)
        queueFor(this._options.apiUrl).add(buildEvent(eventContext(floow), "holdout"));
      if (this._inline) render(null, this._inline);
      return;
    }
    this._brand = brand;
    if (__SCRIPT_TAG__ || !this._options.preview) loadFonts(brand);
    const options = this._options;
    this._flow = new Flow(
      floow,
      {
        emit: (type, payload, server) => this._emit(type, payload, server),
        // Read at the finish page, so `update()` may change it. None (the placeholder shows)
        // in a preview without `results`, or without an API.
        get results() {
          const { apiUrl, preview, results } = options;
          // An experiment's variant asks for its own version's results.
          const version = floow.variantId ? floow.floowVersion : undefined;
          // The script tag reads the answer's cards with `pages.js` (`Flow.card`): after it.
          if (__SCRIPT_TAG__)
            return apiUrl
              ? (ids: string[]) => when().then(() => fetchResults(apiUrl, floow.id, ids, version))
              : undefined;
          if (!apiUrl || results || preview) return results;
          return (ids: string[]) => fetchResults(apiUrl, floow.id, ids, version);
        },
        get language() {
          return __SCRIPT_TAG__ ? undefined : options.language;
        },
      },
      __SCRIPT_TAG__ ? undefined : options.view,
    );
    this._flow.subscribe(() => this._render());
    this._render();
    this._emit("mount");
    // The start page shows: now fetch the rest of the renderer (render/lazy.ts), so the
    // shopper's next click does not wait for it.
    if (__SCRIPT_TAG__) load();
  }

  private _ui(): Ui | null {
    const flow = this._flow;
    if (!flow) return null;
    return {
      flow,
      floow: flow.floow,
      device: this._device,
      texts: textsOf(flow.floow, flow.language),
      brand: this._brand,
      primary: primaryColor(this._brand),
      preview: !__SCRIPT_TAG__ && !!this._options.preview,
    };
  }

  _render(): void {
    if (this._destroyed) return;
    // Preact's render is not re-entrant: one asked for while one runs follows it. Chromium
    // blurs the focused input that a render removes, during that render, and the form's blur
    // asks for a render (the browser's Back from a form on the hosted page, Escape from a
    // dialog's form): nested, it would diff against the tree being built and leave the
    // removed page on screen, or close the dialog twice.
    if (this._holdout) return;
    if (this._rendering) return void (this._renderAgain = true);
    const flow = this._flow;
    this._rendering = true;
    if (flow) flow.rendering = true;
    const ui = this._ui();
    const dialog = this._container === "dialog";
    const onClose = () => this.close();
    const preview = !__SCRIPT_TAG__ && !!this._options.preview;
    const focusWasInside = this._focused || !!this._dialogHost;
    // Before the floow (and its language) is here: the option's, or the page's language.
    const loading = loadingText(__SCRIPT_TAG__ ? undefined : this._options.language);
    if (this._inline) {
      const props: RootProps =
        !dialog || !ui
          ? { ui, kind: "embedded", loading }
          : preview
            ? { ui, kind: "dialog", contained: true, onClose }
            : { ui, kind: "launcher", onLaunch: () => this._launch() };
      render(h(Root, props), this._inline);
    }
    const overPage = dialog && this._isOpen && !(this._inline && preview);
    let opening = false;
    if (overPage) {
      if (!this._dialogHost) {
        // Opening: remember the focus, lock the page's scrolling.
        this._restoreFocus = deepActiveElement();
        this._overflow = document.documentElement.style.overflow;
        document.documentElement.style.overflow = "hidden";
        this._dialogHost = document.body.appendChild(newHost(this.floowId));
        this._dialog = prepare(this._dialogHost);
      }
      render(h(Root, { ui, kind: "dialog", onClose, loading }), this._dialog!);
      const panel = this._dialog!.querySelector<HTMLElement>(".dialog");
      // Into the dialog once it shows its page (not while the chunk loads): the page's first
      // answer, else its first control after the close button.
      if (panel && !this._dialogFocused && !panel.querySelector(".sk")) {
        const items = tabbables(panel);
        (firstAnswer(panel) ?? items[1] ?? items[0] ?? panel).focus();
        this._dialogFocused = opening = true;
      }
    } else if (this._dialogHost) {
      this._closeDialog();
    }
    // A new page: move focus to its first answer (a choice or an input, whose group or label
    // is the question: keyboard and screen-reader users hear the question and can answer at
    // once), else to the page itself, when the visitor was in the floow; never steal focus
    // from the page.
    const view = this._flow?.state.view;
    const key = view && (view.kind === "step" ? view.stepId : view.kind);
    if (key !== this._viewKey) {
      if (!__SCRIPT_TAG__ && key) this._history?.track(key);
      if (this._viewKey !== undefined && focusWasInside && !opening) {
        const page = (this._dialog ?? this._inline)?.querySelector<HTMLElement>(".page");
        (firstAnswer(page) ?? page)?.focus();
      }
      this._viewKey = key;
    }
    this._rendering = false;
    if (flow) flow.rendering = false;
    if (this._renderAgain) {
      this._renderAgain = false;
      this._render();
    }
  }

  private _closeDialog(): void {
    render(null, this._dialog!);
    this._dialogHost!.remove();
    this._dialogHost = this._dialog = undefined;
    this._dialogFocused = false;
    document.documentElement.style.overflow = this._overflow ?? "";
    const restore = this._restoreFocus;
    this._restoreFocus = undefined;
    if (restore instanceof HTMLElement && restore.isConnected) restore.focus();
  }

  private _emit(
    type: FloowEventType,
    payload?: FloowEventPayload,
    server?: FloowEventPayload,
  ): void {
    const floow = this._flow?.floow;
    if (!floow) return;
    const event = buildEvent(eventContext(floow), type, payload);
    this._own.emit(event);
    listeners.emit(event);
    if (!__SCRIPT_TAG__)
      try {
        this._options.onEvent?.(event);
      } catch (error) {
        console.error("[floows]", error);
      }
    if (!__SCRIPT_TAG__ && this._options.preview) return;
    publishToPage(event);
    if (this._options.apiUrl) {
      const queue = queueFor(this._options.apiUrl);
      queue.add({ ...event, ...server });
      // A product click usually leaves the page (its link opens in this tab): send now, with
      // a keepalive fetch, which the browser completes after the page is gone.
      if (type === "product") void queue.flush();
    }
  }

  /** The launcher's start button: the floow starts, in its dialog. */
  private _launch(): void {
    this._isOpen = true;
    this._flow?.start();
    this._render();
  }

  open(): void {
    if (this._destroyed) return;
    if (this._container === "embedded" && this._inlineHost) {
      this._inlineHost.scrollIntoView?.({ behavior: "smooth", block: "center" });
      return;
    }
    this._isOpen = true;
    this._render();
  }

  close(): void {
    if (this._destroyed) return;
    const wasOpen =
      this._isOpen || (!__SCRIPT_TAG__ && this._options.preview && this._container === "dialog");
    this._isOpen = false;
    this._render();
    // The instance stays (with the visitor's answers): opening it again continues.
    if (wasOpen) this._emit("close");
  }

  update(patch: Partial<MountSettings>): void {
    // The editor's preview's (npm build): the script tag has no use for it.
    if (__SCRIPT_TAG__ || this._destroyed) return;
    Object.assign(this._options, patch);
    if (patch.domain !== undefined) this._brand = patch.domain ?? undefined;
    if (patch.open !== undefined) this._isOpen = patch.open;
    if (this._flow) {
      if (patch.floow) this._flow.setFloow(patch.floow);
      if (patch.view) this._flow.goTo(patch.view);
    } else if (patch.floow) {
      this._load(patch.floow, this._brand);
    }
    this._render();
  }

  on(type: EventFilter, handler: EventHandler): () => void {
    return this._own.on(type, handler);
  }

  destroy(): void {
    if (this._destroyed) return;
    this._destroyed = true;
    this._history?.stop();
    instances.delete(this);
    this._media?.removeEventListener?.("change", this._onMedia);
    if (this._inline) render(null, this._inline);
    if (this._dialogHost) this._closeDialog();
    this._flow?.dispose();
    this._inlineHost?.remove();
    this._own.clear();
  }
}

/** What every event of a floow carries about it and the visitor. */
function eventContext(floow: PublicFloow): EventContext {
  return {
    organizationId: floow.organizationId ?? "",
    domainId: floow.domainId ?? "",
    floowId: floow.id,
    // The version the shopper was shown, on every event (data layer and server copy).
    ...(floow.floowVersion !== undefined && { floowVersion: floow.floowVersion }),
    sessionId: sessionId(),
    // Null without the page's analytics consent (session.ts).
    visitorId: visitorId(),
    // The visitor's arm of a running experiment (docs/analytics.md "Experiments").
    ...(floow.variantId && { variantId: floow.variantId }),
  };
}

/** Mounts one floow in (or, for a dialog without an element, over) the page. */
export function mountFloow(element: Element | null, options: MountSettings): FloowInstance {
  if (!__SCRIPT_TAG__) browserOnly();
  return new Instance(element, options);
}

/**
 * The npm build's guard: without a DOM (Node, server rendering) a clear error at the call,
 * not a crash (or an unhandled rejection) later.
 */
export function browserOnly(): void {
  if (typeof document == "undefined")
    throw new Error(
      "@floow/runtime runs in a browser only: call mount() in the browser (an effect, an event handler), not on the server",
    );
}

export function defaultApiUrl(): string | undefined {
  return lastApiUrl;
}
