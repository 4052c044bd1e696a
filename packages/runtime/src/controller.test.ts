import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TRIGGER_POSITIONS, findTriggerElement, matchTrigger } from "@floow/domain/logic";
import type { PublicDomainFloows, PublicFloow } from "@floow/domain/logic";
import { createController } from "./controller";
import type { RuntimeLike } from "./controller";
import { HOST_ATTR, createHost } from "./host";
import { domain, sellingFloow, settle, trigger } from "./test/fixtures";
import { findTarget } from "./triggers";
import type { TriggerRules } from "./triggers";

const rules: TriggerRules = [matchTrigger, findTriggerElement, TRIGGER_POSITIONS];

function page(path: string) {
  history.replaceState(null, "", path);
}

beforeEach(() => {
  document.body.innerHTML = `<main><div id="hero"></div><section class="product grid"><p id="p">x</p></section></main>`;
  page("/");
});

describe("findTarget", () => {
  it("finds the element of the first trigger whose route matches, with its position", () => {
    const triggers = [
      trigger({ route: "/blog", attribute: "id", value: "hero" }),
      trigger({
        route: "/shop",
        routeType: "startsWith",
        attribute: "class",
        value: "product grid",
        target: "after",
      }),
    ];
    const target = findTarget(rules, triggers, "https://shop.example/shop/bikes");
    expect(target?.element.tagName).toBe("SECTION");
    expect(target?.position).toBe("afterend");
    expect(findTarget(rules, triggers, "https://shop.example/blog")?.element.id).toBe("hero");
    expect(findTarget(rules, triggers, "https://shop.example/about")).toBeNull();
  });

  it("strict routes need the same path; a missing element finds nothing; reasons are logged", () => {
    const log = vi.fn();
    const triggers = [
      trigger({ route: "/shop", routeType: "strict", value: "hero", target: "before" }),
    ];
    expect(findTarget(rules, triggers, "https://x.example/shop/bikes", document, log)).toBeNull();
    expect(log.mock.calls[0]![1]).toMatchObject({ matches: false });
    expect(findTarget(rules, triggers, "https://x.example/shop", document, log)?.position).toBe(
      "beforebegin",
    );
    const missing = [trigger({ route: "/", value: "nope" })];
    expect(findTarget(rules, missing, "https://x.example/", document, log)).toBeNull();
    expect(log.mock.calls.at(-1)![2]).toBeNull();
  });
});

describe("controller", () => {
  let mounts: {
    element: Element | null;
    options: Parameters<RuntimeLike["mount"]>[1];
    destroyed: boolean;
    opened: number;
  }[];
  let runtime: RuntimeLike;

  beforeEach(() => {
    mounts = [];
    runtime = {
      mount(element, options) {
        const entry = { element, options, destroyed: false, opened: 0 };
        mounts.push(entry);
        return {
          open: () => void entry.opened++,
          destroy: () => void (entry.destroyed = true),
        };
      },
    };
  });
  const started: ReturnType<typeof createController>[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const controller of started.splice(0)) controller.destroy();
  });

  function start(floows: PublicFloow[], load = () => Promise.resolve(runtime), debug = false) {
    const data: Promise<PublicDomainFloows> = Promise.resolve({ floows, domain });
    const controller = createController({
      apiUrl: "https://api.example",
      data,
      load,
      rules,
      host: createHost,
      debug,
    });
    started.push(controller);
    return controller;
  }

  it("mounts a floow at its trigger's target (inside, before, after)", async () => {
    const inside = sellingFloow({ id: "a", triggers: [trigger({ route: "/", value: "hero" })] });
    const after = sellingFloow({
      id: "b",
      triggers: [trigger({ route: "/", attribute: "class", value: "product", target: "after" })],
    });
    const before = sellingFloow({
      id: "c",
      triggers: [trigger({ route: "/", value: "p", target: "before" })],
    });
    const controller = start([inside, after, before]);
    await settle();
    expect(mounts.map((m) => m.options.floowId)).toEqual(["a", "b", "c"]);
    const hero = document.getElementById("hero")!;
    expect(hero.lastElementChild?.getAttribute(HOST_ATTR)).toBe("a");
    expect(document.querySelector("section")!.nextElementSibling?.getAttribute(HOST_ATTR)).toBe(
      "b",
    );
    expect(document.getElementById("p")!.previousElementSibling?.getAttribute(HOST_ATTR)).toBe("c");
    expect(mounts[0]!.options).toMatchObject({
      floow: inside,
      domain,
      apiUrl: "https://api.example",
      open: false,
    });
    expect(mounts[0]!.element).toBe(hero.lastElementChild);
    controller.destroy();
    expect(document.querySelectorAll(`[${HOST_ATTR}]`)).toHaveLength(0);
    expect(mounts.every((m) => m.destroyed)).toBe(true);
  });

  it("starts skipTrigger floows without a trigger: a dialog opens, an embedded one goes into the body", async () => {
    const dialog = sellingFloow({ id: "dlg", skipTrigger: true });
    const embedded = sellingFloow({
      id: "emb",
      skipTrigger: true,
      container: { type: "embedded", radius: "md", padding: "md" },
    });
    const controller = start([dialog, embedded]);
    await settle();
    expect(mounts.map((m) => [m.options.floowId, m.element === null, m.options.open])).toEqual([
      ["dlg", true, true],
      ["emb", false, false],
    ]);
    expect(document.body.lastElementChild?.getAttribute(HOST_ATTR)).toBe("emb");
    controller.destroy();
  });

  it("re-evaluates on pushState, replaceState and popstate, and removes floows whose route no longer matches", async () => {
    const floow = sellingFloow({ triggers: [trigger({ route: "/shop", value: "hero" })] });
    const controller = start([floow]);
    await settle();
    expect(mounts).toHaveLength(0);
    history.pushState(null, "", "/shop/bikes");
    await settle();
    expect(mounts).toHaveLength(1);
    history.replaceState(null, "", "/about");
    await settle();
    expect(mounts[0]!.destroyed).toBe(true);
    expect(document.querySelector(`[${HOST_ATTR}]`)).toBeNull();
    page("/shop");
    dispatchEvent(new PopStateEvent("popstate"));
    await settle();
    expect(mounts).toHaveLength(2);
    controller.destroy();
  });

  it("mounts when the target element appears later (single-page apps render late)", async () => {
    const floow = sellingFloow({ triggers: [trigger({ route: "/", value: "late" })] });
    const controller = start([floow]);
    await settle();
    expect(mounts).toHaveLength(0);
    const late = document.createElement("div");
    late.id = "late";
    document.body.append(late);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await settle();
    expect(mounts).toHaveLength(1);
    expect(late.firstElementChild?.getAttribute(HOST_ATTR)).toBe(floow.id);
    controller.destroy();
  });

  it("never mounts late a floow whose route stopped matching while the renderer loaded", async () => {
    let resolve!: (runtime: RuntimeLike) => void;
    const slow = new Promise<RuntimeLike>((r) => (resolve = r));
    const floow = sellingFloow({ triggers: [trigger({ route: "/shop", value: "hero" })] });
    page("/shop");
    const controller = start([floow], () => slow);
    await settle();
    expect(document.querySelector(`[${HOST_ATTR}]`)).not.toBeNull();
    history.pushState(null, "", "/checkout");
    await settle();
    resolve(runtime);
    await settle();
    expect(mounts).toHaveLength(0);
    expect(document.querySelector(`[${HOST_ATTR}]`)).toBeNull();
    controller.destroy();
  });

  it("show(id) opens a mounted floow, or mounts any floow as a dialog", async () => {
    const floow = sellingFloow({ id: "shown", triggers: [trigger({ route: "/", value: "hero" })] });
    const controller = start([floow]);
    controller.show("shown");
    controller.show("other");
    await settle();
    expect(mounts[0]!.opened).toBe(1);
    expect(mounts[1]!.options).toMatchObject({ floowId: "other", floow: undefined, open: true });
    expect(mounts[1]!.element).toBeNull();
    controller.destroy();
  });

  it("?floowsDebug=true logs why each trigger did or did not match", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const floow = sellingFloow({
      name: "Advisor",
      triggers: [trigger({ route: "/shop", value: "hero" })],
    });
    const controller = start([floow], undefined, true);
    await settle();
    const lines = info.mock.calls.map((call) => call.join(" "));
    expect(
      lines.some((l) => l.includes("Advisor") && l.includes('does not start with "/shop"')),
    ).toBe(true);
    controller.destroy();
  });
});
