import type { StepChoices } from "@floow/domain/analytics";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChoiceRevenue } from "./choice-revenue";

const step: StepChoices = {
  stepId: "s1",
  text: "Where do you ride?",
  sessions: 5,
  choices: [
    {
      choiceId: "c1",
      text: "Road",
      sessions: 3,
      orders: 2,
      revenue: [
        { currency: "EUR", total: 2418, influenced: 2398, assisted: 20 },
        { currency: "USD", total: 100, influenced: 0, assisted: 100 },
      ],
    },
    { choiceId: "c2", text: "Mountain", sessions: 2, orders: 0, revenue: [] },
  ],
};

/** An element's text with every kind of space as a plain one. */
const text = (element: Element) => (element.textContent ?? "").replace(/\s/g, " ");

describe("ChoiceRevenue", () => {
  it("shows per choice its orders and revenue, influenced and assisted, other currencies as written", () => {
    render(<ChoiceRevenue step={step} />);
    const table = screen.getByRole("table", { name: "Revenue by answer: Where do you ride?" });
    const cells = (name: RegExp) =>
      within(within(table).getByRole("row", { name }))
        .getAllByRole("cell")
        .map((cell) => text(cell));
    expect(cells(/^Road/)).toEqual([
      "2",
      "",
      "€ 2.418,00USD 100,00",
      "€ 2.398,00USD 0,00",
      "€ 20,00USD 100,00",
    ]);
    expect(cells(/^Mountain/)).toEqual(["0", "", "–", "–", "–"]);
  });

  it("says the same on a phone, one block per choice", () => {
    render(<ChoiceRevenue step={step} />);
    const list = screen.getByRole("list", { name: "Revenue by answer: Where do you ride?" });
    const [road, mountain] = within(list).getAllByRole("listitem");
    expect(text(road!)).toBe(
      "Road€ 2.418,00USD 100,00Orders2Influenced€ 2.398,00USD 0,00Assisted€ 20,00USD 100,00",
    );
    expect(text(mountain!)).toBe("Mountain–Orders0Influenced–Assisted–");
  });
});
