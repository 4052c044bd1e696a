import { createEventMessage } from "@floow/domain/events";
import type { FloowEventMessage } from "@floow/domain/events";
import { describe, expect, it } from "vitest";
import { eventBatch } from "./event";
import type { EventToStore } from "./event";

const answer = (floowId: string, sessionId: string, id: string, stepId: string, text: string) => ({
  organizationId: "org",
  domainId: "dom",
  message: {
    ...createEventMessage(
      { organizationId: "org", domainId: "dom", floowId, sessionId },
      "choice",
      {
        step: { id: stepId, text: "Which colour?" },
        choices: [{ id: `choice-${text}`, text, selected: true }],
      },
    ),
    id,
  },
});

const rowsOf = (batch: ReturnType<typeof eventBatch>) =>
  JSON.parse(batch.rows) as { o: number; answer?: string; payload: FloowEventMessage }[];

describe("eventBatch", () => {
  it("keeps one event per floow and message id: the first one's place, the last one's answer", () => {
    const events: EventToStore[] = [
      answer("f1", "s1", "b", "q1", "Red"),
      answer("f1", "s1", "a", "q2", "Blue"),
      answer("f1", "s1", "b", "q1", "Green"),
      // The same message id in another floow is another event.
      answer("f0", "s2", "b", "q1", "Red"),
    ];
    const batch = eventBatch(events, new Date(0));
    expect(batch.events.map((event) => event.message.choices![0]!.text)).toEqual([
      "Green",
      "Blue",
      "Red",
    ]);
    // Rows in the unique key's order (floow, then message id), each naming its place.
    expect(rowsOf(batch).map((row) => [row.payload.floowId, row.payload.id, row.o])).toEqual([
      ["f0", "b", 2],
      ["f1", "a", 1],
      ["f1", "b", 0],
    ]);
    expect(rowsOf(batch).find((row) => row.o === 0)!.answer).toBe("Which colour?: Green");
    expect(batch.floowIds).toEqual(["f1", "f0"]);
  });

  it("counts a session's step and choice once, when its events are interleaved with another's", () => {
    const events = [
      answer("f1", "s1", "1", "q1", "Red"),
      answer("f1", "s2", "2", "q1", "Red"),
      answer("f1", "s1", "3", "q1", "Red"),
      answer("f1", "s2", "4", "q1", "Blue"),
      answer("f1", "s1", "5", "q1", "Red"),
    ];
    const items = eventBatch(events, new Date(0)).items.map(
      (item) => `${item.e}:${item.kind}:${item.item}`,
    );
    expect(items).toEqual([
      "0:step:q1",
      "0:choice:choice-Red",
      "1:step:q1",
      "1:choice:choice-Red",
      "3:choice:choice-Blue",
    ]);
  });
});
