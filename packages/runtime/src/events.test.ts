import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENT_NAME } from "@floow/domain/logic";
import {
  EVENTS_VERSION,
  EventQueue,
  Listeners,
  buildEvent,
  eventChoices,
  eventFormInputs,
  eventStep,
  fetchTransport,
  publishToPage,
  toBatches,
} from "./events";
import type { FloowEvent, Transport } from "./events";
import { bigRecord, sellingFloow } from "./test/fixtures";

const context = { organizationId: "o1", domainId: "d1", floowId: "f1", sessionId: "s1" };
const [q1, , q3] = sellingFloow().steps as [
  ReturnType<typeof sellingFloow>["steps"][number],
  ReturnType<typeof sellingFloow>["steps"][number],
  ReturnType<typeof sellingFloow>["steps"][number],
];

describe("event messages", () => {
  it("carry the spec's fields, the contract version and the step's and choices' keys", () => {
    const event = buildEvent(
      context,
      "choice",
      { step: eventStep(q1), choices: eventChoices(q1.choices, ["low"]) },
      new Date("2026-01-02T03:04:05Z"),
    );
    expect(event).toEqual({
      event: EVENT_NAME,
      v: EVENTS_VERSION,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...context,
      createdAt: "2026-01-02T03:04:05.000Z",
      type: "choice",
      step: {
        id: "q1",
        text: "What is your budget?",
        dataLayer: { key: "budget", type: "single" },
        activation: { key: "Budget", type: "single" },
      },
      choices: [
        {
          id: "low",
          text: "Low",
          selected: true,
          dataLayer: { key: "low", customEvent: "budget_low" },
          activation: { key: "low", type: "single" },
        },
        {
          id: "high",
          text: "High",
          selected: false,
          dataLayer: { key: "", customEvent: "" },
          activation: { key: "", type: "single" },
        },
      ],
    });
  });

  it("lowercases activation keys of choices and fills missing entries", () => {
    const [choice] = eventChoices(
      [
        {
          id: "c",
          text: "<b>A</b>",
          event: { activation: { key: "MiXed", type: "multiple" } } as never,
        },
      ],
      [],
    );
    expect(choice).toMatchObject({
      text: "A",
      selected: false,
      activation: { key: "mixed", type: "multiple" },
    });
    expect(eventStep({ id: "s", text: "T" }).dataLayer).toEqual({ key: "", type: "single" });
  });

  it("form inputs carry id, type, label text and the entered value", () => {
    expect(eventFormInputs(q3.formInputs, { name: "Ada" })).toEqual([
      { id: "name", type: "text", text: "Name", value: "Ada" },
      { id: "email", type: "email", text: "E-mail", value: "" },
    ]);
  });

  it("bare events (mount, start, …) have no payload fields", () => {
    const event = buildEvent(context, "mount");
    expect(Object.keys(event).sort()).toEqual(
      [
        "createdAt",
        "domainId",
        "event",
        "floowId",
        "id",
        "organizationId",
        "sessionId",
        "type",
        "v",
      ].sort(),
    );
  });
});

describe("publishToPage", () => {
  afterEach(() => {
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it("pushes the message to window.dataLayer, creating it", () => {
    const event = buildEvent(context, "start");
    publishToPage(event);
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([event]);
  });

  it("pushes a chosen choice's custom event as well", () => {
    const layer: unknown[] = [{ existing: true }];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    const event = buildEvent(context, "choice", { choices: eventChoices(q1.choices, ["low"]) });
    publishToPage(event);
    expect(layer).toEqual([{ existing: true }, event, { event: "budget_low", floows: event }]);
  });

  it("posts the message to the parent page when running in an iframe", () => {
    const postMessage = vi.fn();
    const fake = { parent: { postMessage } } as unknown as Window;
    const event = buildEvent(context, "finish");
    publishToPage(event, fake);
    expect(postMessage).toHaveBeenCalledWith(event, "*");
    // Not in an iframe: nothing is posted.
    const top = { postMessage: vi.fn() } as unknown as Window & { parent: Window };
    top.parent = top;
    publishToPage(event, top);
    expect(top.postMessage).not.toHaveBeenCalled();
  });
});

describe("Listeners", () => {
  it("calls handlers of the type and of '*', isolates failing handlers, unsubscribes", () => {
    const listeners = new Listeners();
    const choice = vi.fn();
    const all = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    listeners.on("choice", () => {
      throw new Error("page bug");
    });
    const off = listeners.on("choice", choice);
    listeners.on("*", all);
    listeners.emit(buildEvent(context, "choice"));
    listeners.emit(buildEvent(context, "start"));
    expect(choice).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(2);
    off();
    listeners.emit(buildEvent(context, "choice"));
    expect(choice).toHaveBeenCalledTimes(1);
  });
});

describe("batching", () => {
  const events = (n: number) => Array.from({ length: n }, () => buildEvent(context, "choice"));

  it("splits by count (100) and by size", () => {
    expect(toBatches(events(250)).map((b) => b.length)).toEqual([100, 100, 50]);
    const big = events(10).map((e) => ({
      ...e,
      step: { ...eventStep(q1), text: "x".repeat(10_000) },
    }));
    const batches = toBatches(big as FloowEvent[]);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches)
      expect(JSON.stringify({ events: batch }).length).toBeLessThan(32_000);
  });

  describe("an oversized finish event (100 whole product records)", () => {
    const products = Array.from({ length: 100 }, (_, i) => bigRecord(i));
    const finish = buildEvent(context, "finish", { products });
    // Its trimmed server copy: see flow.test.ts, "a finish with 100 whole product records".

    it("a body over 64 KiB is fetched without keepalive (which would refuse it), a smaller one with", async () => {
      const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
      vi.stubGlobal("fetch", fetch);
      try {
        const big = JSON.stringify({ events: [finish] });
        expect(await fetchTransport.send("https://api.example/api/public/events", big)).toBe(true);
        expect(
          await fetchTransport.send(
            "https://api.example/api/public/events",
            JSON.stringify({ events: [] }),
          ),
        ).toBe(true);
        const calls = fetch.mock.calls as unknown as [string, RequestInit][];
        expect(calls.map(([, init]) => init.keepalive)).toEqual([false, true]);
        expect(calls[0]![1].body).toBe(big);
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  describe("EventQueue", () => {
    let sent: { url: string; body: string; beacon: boolean }[];
    let transport: Transport & { ok: boolean; beaconOk: boolean };

    beforeEach(() => {
      vi.useFakeTimers();
      sent = [];
      transport = {
        ok: true,
        beaconOk: true,
        send(url, body) {
          sent.push({ url, body, beacon: false });
          return Promise.resolve(this.ok);
        },
        beacon(url, body) {
          sent.push({ url, body, beacon: true });
          return this.beaconOk;
        },
      };
    });
    afterEach(() => vi.useRealTimers());

    it("sends the queued events together after a short delay", async () => {
      const queue = new EventQueue("https://api.example/", transport, 1000);
      queue.add(buildEvent(context, "mount"));
      queue.add(buildEvent(context, "start"));
      expect(sent).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.url).toBe("https://api.example/api/public/events");
      expect(JSON.parse(sent[0]!.body).events.map((e: FloowEvent) => e.type)).toEqual([
        "mount",
        "start",
      ]);
      expect(queue.size).toBe(0);
      queue.close();
    });

    it("sends with sendBeacon when the page is hidden or closed, falling back to fetch", async () => {
      const queue = new EventQueue("https://api.example", transport, 1000);
      queue.add(buildEvent(context, "choice"));
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      expect(sent.map((s) => s.beacon)).toEqual([true]);
      transport.beaconOk = false;
      queue.add(buildEvent(context, "close"));
      dispatchEvent(new Event("pagehide"));
      expect(sent.map((s) => s.beacon)).toEqual([true, true, false]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(sent).toHaveLength(3);
      queue.close();
    });

    it("keeps a batch the server did not take and tries again, up to 3 times", async () => {
      transport.ok = false;
      const queue = new EventQueue("https://api.example", transport, 1000);
      queue.add(buildEvent(context, "start"));
      await vi.advanceTimersByTimeAsync(1000);
      expect(queue.size).toBe(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3);
      expect(queue.size).toBe(0);
      transport.ok = true;
      queue.add(buildEvent(context, "start"));
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toHaveLength(4);
      queue.close();
    });

    it("close() sends what is left and stops listening to the page", () => {
      const queue = new EventQueue("https://api.example", transport, 1000);
      queue.add(buildEvent(context, "finish"));
      queue.close();
      expect(sent).toHaveLength(1);
      dispatchEvent(new Event("pagehide"));
      expect(sent).toHaveLength(1);
    });
  });
});
