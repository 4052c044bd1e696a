import { describe, expect, it, vi } from "vitest";
import { eventProduct } from "@floow/domain/logic";
import type { FloowEventType, PublicResults } from "@floow/domain/logic";
import { KEEPALIVE_MAX_BYTES } from "./events";
import type { FloowEventPayload } from "./events";
import { Flow, flowProgress } from "./flow";
import { bigRecord, products, sellingFloow, settle } from "./test/fixtures";

function setup(
  overrides: Parameters<typeof sellingFloow>[0] = {},
  results?: (ids: string[]) => Promise<PublicResults>,
) {
  const events: {
    type: FloowEventType;
    payload?: FloowEventPayload;
    server?: FloowEventPayload;
  }[] = [];
  const flow = new Flow(sellingFloow(overrides), {
    emit: (type, payload, server) => events.push({ type, payload, ...(server && { server }) }),
    results,
  });
  return { flow, events, types: () => events.map((e) => e.type) };
}

describe("Flow", () => {
  it("walks start → choice → condition → form → finish with results", async () => {
    const results = vi.fn(async () => ({ products, partial: false }));
    const { flow, events, types } = setup({}, results);
    expect(flow.state.view).toEqual({ kind: "start" });
    expect(flowProgress(flow)).toEqual({ percent: 0, index: 0, total: 0 });
    flow.start();
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q1" });
    expect(flowProgress(flow)).toMatchObject({ index: 1, total: 3 }); // q1, q2, q3 by default
    // Single choice without a Next button goes on at once; the condition skips q2.
    flow.choose("low");
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q3" });
    // On its own path (q1, q3): step 2 of 2.
    expect(flowProgress(flow)).toEqual({ percent: 100, index: 2, total: 2 });
    // The form is invalid until the required name is filled.
    expect(flow.next()).toBe(false);
    expect(flow.state.touched).toEqual({ name: true, email: true });
    expect(flow.formErrors(flow.step()!)).toEqual({ name: "This field is required" });
    flow.setValue("email", "not-an-email");
    expect(flow.formErrors(flow.step()!)).toEqual({
      name: "This field is required",
      email: "E-mail should be valid",
    });
    flow.setValue("name", "Ada");
    flow.setValue("email", "ada@example.com");
    expect(flow.next()).toBe(true);
    expect(flow.state.view).toEqual({ kind: "finish" });
    expect(flow.state.results.status).toBe("loading");
    await settle();
    expect(results).toHaveBeenCalledWith(["low"]);
    expect(flow.state.results).toMatchObject({ status: "done", products, partial: false });
    expect(types()).toEqual(["start", "choice", "form", "finish"]);
    const finish = events[3]!.payload!;
    expect(finish.products).toBe(products);
    expect(finish.choices!.map((c) => [c.id, c.selected])).toEqual([["low", true]]);
    expect(finish.formInputs!.map((i) => i.value)).toEqual(["Ada", "ada@example.com"]);
    const form = events[2]!.payload!;
    expect(form.step!.id).toBe("q3");
  });

  it("without the condition, goes through every step; multiple choices toggle", () => {
    const { flow, events } = setup();
    flow.start();
    flow.choose("high");
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q2" });
    expect(flow.canGoNext()).toBe(false);
    flow.choose("red");
    flow.choose("blue");
    flow.choose("red");
    expect(flow.state.answers.q2).toEqual(["blue"]);
    expect(events.at(-1)!.payload!.choices!.map((c) => c.selected)).toEqual([false, true]);
    expect(flow.next()).toBe(true);
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q3" });
    expect(flow.chosenIds()).toEqual(["high", "blue"]);
  });

  it("Back returns along the path taken and forgets abandoned branches", () => {
    const { flow } = setup();
    flow.start();
    flow.choose("high");
    flow.choose("red");
    flow.next();
    flow.back();
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q2" });
    flow.back();
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q1" });
    flow.choose("low");
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q3" });
    expect(flow.chosenIds()).toEqual(["low"]);
    flow.back();
    flow.back();
    expect(flow.state.view).toEqual({ kind: "start" });
    expect(flow.canGoBack()).toBe(false);
  });

  it("with a Next button, a single choice waits for Next", () => {
    const { flow } = setup({ showNextButton: true });
    flow.start();
    flow.choose("high");
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q1" });
    flow.choose("low");
    expect(flow.state.answers.q1).toEqual(["low"]);
    flow.next();
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q3" });
  });

  it("restart starts over and says so", () => {
    const { flow, types } = setup();
    flow.start();
    flow.choose("high");
    flow.restart();
    expect(flow.state.view).toEqual({ kind: "start" });
    expect(flow.state.answers).toEqual({});
    expect(types().at(-1)).toBe("restart");
  });

  it("a floow without a start page begins at its first step", () => {
    const floow = sellingFloow();
    floow.start.type = "none";
    const flow = new Flow(floow, { emit: () => {} });
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q1" });
    expect(flow.canGoBack()).toBe(false);
  });

  it("validation messages follow the floow's language", () => {
    const { flow } = setup({ language: "nl" });
    flow.goTo({ kind: "step", stepId: "q3" });
    flow.next();
    expect(flow.formErrors(flow.step()!)).toEqual({ name: "Dit veld is verplicht" });
    const de = new Flow(sellingFloow({ language: "nl" }), { emit: () => {}, language: "de" });
    de.goTo({ kind: "step", stepId: "q3" });
    expect(de.formErrors(de.step()!).name).toBe("Dieses Feld ist erforderlich");
  });

  it("typing shows the error after 300 ms", () => {
    vi.useFakeTimers();
    const { flow } = setup();
    flow.goTo({ kind: "step", stepId: "q3" });
    flow.type("email", "x");
    expect(flow.state.touched.email).toBeUndefined();
    vi.advanceTimersByTime(300);
    expect(flow.state.touched.email).toBe(true);
    vi.useRealTimers();
  });

  it("a failed results call reads as no results; the finish event still comes", async () => {
    const { flow, events } = setup({}, () => Promise.reject(new Error("offline")));
    flow.goTo({ kind: "step", stepId: "q3" });
    flow.setValue("name", "Ada");
    flow.next();
    await settle();
    expect(flow.state.results).toMatchObject({ status: "error", products: [] });
    expect(events.at(-1)!.type).toBe("finish");
  });

  it("a data floow, or a preview jump to the finish page, emits no finish event", async () => {
    const results = vi.fn(async () => ({ products, partial: true }));
    const { flow, types } = setup({}, results);
    flow.goTo({ kind: "finish" });
    await settle();
    expect(flow.state.results).toMatchObject({ status: "done", partial: true });
    expect(types()).toEqual([]);
    const data = new Flow({ ...sellingFloow(), type: "data" }, { emit: () => {}, results });
    data.goTo({ kind: "finish" });
    expect(data.state.results.status).toBe("done");
    expect(results).toHaveBeenCalledTimes(1);
  });

  it("keeps its place when the configuration changes, and starts over when the step is gone", () => {
    const { flow } = setup();
    flow.goTo({ kind: "step", stepId: "q2" });
    const floow = sellingFloow();
    flow.setFloow(floow);
    expect(flow.state.view).toEqual({ kind: "step", stepId: "q2" });
    flow.setFloow({ ...floow, steps: floow.steps.filter((s) => s.id !== "q2") });
    expect(flow.state.view).toEqual({ kind: "start" });
    flow.goTo({ kind: "step", stepId: "missing" });
    expect(flow.state.view).toEqual({ kind: "start" });
  });

  it("shows more results and reports a product: whole to the page, trimmed to the server", async () => {
    const { flow, events } = setup({}, async () => ({ products, partial: false }));
    flow.goTo({ kind: "finish" });
    await settle();
    flow.showMore();
    expect(flow.state.results.more).toBe(1);
    flow.openProduct(0);
    expect(events.at(-1)).toEqual({
      type: "product",
      payload: { product: products[0] },
      server: { product: { ...eventProduct(flow.card(0)) } },
    });
  });

  describe("a finish with 100 whole product records", () => {
    const many = Array.from({ length: 100 }, (_, i) => bigRecord(i));

    it("gives the page the records and the server id, name, price, url and image, under the keepalive limit", async () => {
      const floow = sellingFloow();
      floow.finish.results = {
        ...floow.finish.results,
        labelAttribute: "title",
        imageAttribute: "image_link",
      };
      const sent: { payload?: FloowEventPayload; server?: FloowEventPayload }[] = [];
      const flow = new Flow(floow, {
        emit: (type, payload, server) => type === "finish" && sent.push({ payload, server }),
        results: async () => ({ products: many, partial: false }),
      });
      flow.start();
      flow.choose("low");
      flow.setValue("name", "Ada");
      flow.next();
      await settle();
      const [{ payload, server }] = sent as [(typeof sent)[number]];
      expect(payload!.products![3]).toEqual(bigRecord(3));
      expect(server!.products).toHaveLength(100);
      expect(server!.products![3]).toEqual({
        id: "P-3",
        name: "Product 3",
        price: 1499,
        url: "https://shop.example/p/3",
        image: "https://shop.example/i/3.png",
      });
      expect(
        new TextEncoder().encode(JSON.stringify({ events: [payload] })).length,
      ).toBeGreaterThan(KEEPALIVE_MAX_BYTES);
      expect(
        new TextEncoder().encode(JSON.stringify({ events: [{ ...payload, ...server }] })).length,
      ).toBeLessThan(KEEPALIVE_MAX_BYTES);
    });
  });
});
