import { createFloow } from "@floow/domain/floow";
import { describe, expect, it } from "vitest";
import { mergeServerCopy, mergeValue, serverChanged } from "./server-copy";

describe("taking the server's copy after a save", () => {
  const sent = { ...createFloow("data", { name: "" }), name: "" };
  const server = { ...sent, name: "New Floow", updatedAt: "2030-01-01T00:00:00.000Z" };

  it("takes what the server changed when nothing was typed since", () => {
    expect(serverChanged(sent, server)).toBe(true);
    const merged = mergeServerCopy(sent, server, sent);
    expect(merged.name).toBe("New Floow");
    // Server-owned fields are not the editor's business.
    expect(merged.updatedAt).toBe(sent.updatedAt);
  });

  it("keeps an edit typed while the save was on its way", () => {
    const local = { ...sent, name: "Typed meanwhile", language: "nl" as const };
    expect(mergeServerCopy(sent, server, local)).toMatchObject({
      name: "Typed meanwhile",
      language: "nl",
    });
  });

  it("merges objects key by key: the server's finish type, the local finish text", () => {
    const s = { ...sent, finish: { ...sent.finish, type: "results" as const } };
    const srv = { ...s, finish: { ...s.finish, type: "basic" as const } };
    const local = { ...s, finish: { ...s.finish, text: "<p>Thanks</p>" } };
    expect(mergeServerCopy(s, srv, local).finish).toMatchObject({
      type: "basic",
      text: "<p>Thanks</p>",
    });
  });

  it("a copy whose objects only have their keys in another order (jsonb) changes nothing", () => {
    const filter = {
      id: "f1",
      filterGroupId: "g1",
      field: "product_type",
      operator: "equals",
      value: "road",
    };
    const s = { ...sent, filters: [filter] } as typeof sent;
    // As PostgreSQL's jsonb gives it back: shorter keys first.
    const reordered = {
      id: "f1",
      field: "product_type",
      value: "road",
      operator: "equals",
      filterGroupId: "g1",
    };
    const srv = { ...s, filters: [reordered] } as typeof sent;
    expect(serverChanged(s, srv)).toBe(false);
    const merged = mergeServerCopy(s, srv, s);
    expect(merged.filters).toBe(s.filters);
    expect(
      serverChanged(s, { ...s, filters: [{ ...reordered, value: "city" }] } as typeof sent),
    ).toBe(true);
  });

  it("nothing changed by the server: the local floow as it is", () => {
    const local = { ...sent, skipTrigger: false };
    expect(serverChanged(sent, { ...sent, updatedAt: "later" })).toBe(false);
    expect(mergeServerCopy(sent, { ...sent, updatedAt: "later" }, local)).toEqual(local);
    expect(mergeValue([1], [2], [3])).toEqual([3]);
  });
});
