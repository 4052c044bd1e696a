import { createEventMessage, type InspectedEvent } from "@floow/domain/events";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { eventSummary, formatEventTime, shortSessionId } from "./event-summary";
import { EventsTable } from "./events-table";

const context = {
  organizationId: "o1",
  domainId: "d1",
  floowId: "f1",
  sessionId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
};

function inspected(
  payload: InspectedEvent["payload"],
  overrides: Partial<InspectedEvent> = {},
): InspectedEvent {
  return {
    id: payload.id,
    floowId: payload.floowId,
    floowName: "Shoe finder",
    domainId: payload.domainId,
    sessionId: payload.sessionId,
    type: payload.type,
    createdAt: "2026-02-01T10:00:05.000Z",
    payload,
    ...overrides,
  };
}

const choice = createEventMessage(context, "choice", {
  step: { id: "s1", text: "Which colour?" },
  choices: [
    { id: "c1", text: "Red", selected: true },
    { id: "c2", text: "Blue", selected: false },
  ],
});
const product = createEventMessage(context, "product", {
  product: {
    id: "BIKE-1",
    name: "Velo Aero",
    price: 1499,
    url: "https://shop.example/velo",
    image: "",
  },
});
const finish = createEventMessage(context, "finish", {
  products: [
    { id: "A", name: "Alpha", price: 1, url: "", image: "" },
    { id: "B", name: "Beta", price: 2, url: "", image: "" },
    { id: "C", name: "", title: "Gamma", price: 3, url: "", image: "" },
    { id: "D", name: "Delta", price: 4, url: "", image: "" },
  ],
});
const mount = createEventMessage(context, "mount");

describe("event summary", () => {
  it("names the product, the results, the question with its choice, or nothing", () => {
    expect(eventSummary(choice)).toBe("Which colour? → Red");
    expect(eventSummary(product)).toBe("Velo Aero");
    expect(eventSummary(finish)).toBe("4 products: Alpha, Beta, Gamma, +1");
    expect(eventSummary({ ...finish, products: [{ id: "X" }] })).toBe("1 product: X");
    expect(
      eventSummary({
        ...finish,
        products: undefined,
        choices: [{ id: "c", text: "Yes", selected: true }],
      }),
    ).toBe("Yes");
    expect(eventSummary({ ...choice, choices: undefined })).toBe("Which colour?");
    expect(eventSummary(mount)).toBe("");
  });

  it("shortens session ids and writes times in Dutch notation", () => {
    expect(shortSessionId(context.sessionId)).toBe("7c9e6679…");
    expect(shortSessionId("s-1")).toBe("s-1");
    expect(formatEventTime("2026-02-01T10:00:05.000Z")).toMatch(/^1-2-2026 \d{2}:\d{2}:05$/);
    expect(formatEventTime("not a date")).toBe("");
  });
});

describe("EventsTable", () => {
  it("shows each event's time, type, floow, short session and summary", () => {
    render(
      <EventsTable
        events={[
          inspected(choice),
          inspected(product, { floowName: "Bike guide" }),
          inspected(mount, { floowName: "" }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId("event-row");
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText("Choice")).toBeTruthy();
    expect(within(first).getByText("Shoe finder")).toBeTruthy();
    expect(within(first).getByText("7c9e6679…")).toBeTruthy();
    expect(within(first).getByTestId("event-summary").textContent).toBe("Which colour? → Red");
    expect(within(first).getByTestId("event-time").textContent).toMatch(/^1-2-2026 /);
    expect(within(second).getByText("Product")).toBeTruthy();
    expect(within(second).getByText("Bike guide")).toBeTruthy();
    expect(within(second).getByTestId("event-summary").textContent).toBe("Velo Aero");
    expect(within(third).getByText("Untitled floow")).toBeTruthy();
    expect(within(third).getByTestId("event-summary").textContent).toBe("–");
  });

  it("opens a row to show the whole payload as JSON text, and closes it again", async () => {
    const user = userEvent.setup();
    render(<EventsTable events={[inspected(choice), inspected(product)]} />);
    expect(screen.queryByLabelText("Payload")).toBeNull();

    const toggle = screen.getByRole("button", { name: "Show payload of this choice event" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const payload = screen.getByLabelText("Payload");
    expect(JSON.parse(payload.textContent ?? "")).toEqual(choice);
    expect(payload.textContent).toContain('\n  "type": "choice"');
    expect(toggle.getAttribute("aria-label")).toBe("Hide payload of this choice event");

    // Clicking the row toggles too (once, not twice).
    await user.click(screen.getAllByTestId("event-row")[1] as HTMLElement);
    expect(screen.getAllByLabelText("Payload")).toHaveLength(2);
    await user.click(toggle);
    expect(screen.getAllByLabelText("Payload")).toHaveLength(1);
  });

  it("renders markup in a payload as text, never as HTML", async () => {
    const user = userEvent.setup();
    const hostile = createEventMessage(context, "choice", {
      step: { id: "s1", text: '<img src=x onerror="alert(1)">Size?' },
      choices: [{ id: "c1", text: "<b>XL</b>", selected: true }],
    });
    const { container } = render(<EventsTable events={[inspected(hostile)]} />);
    expect(screen.getByTestId("event-summary").textContent).toBe(
      '<img src=x onerror="alert(1)">Size? → <b>XL</b>',
    );
    await user.click(screen.getByRole("button", { name: "Show payload of this choice event" }));
    expect(screen.getByLabelText("Payload").textContent).toContain("<b>XL</b>");
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
  });
});
