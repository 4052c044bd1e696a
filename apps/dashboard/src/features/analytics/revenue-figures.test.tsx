import type { AnalyticsPeriod, AnalyticsTotals } from "@floow/domain/analytics";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatMoney } from "./format";
import { RevenueFigures } from "./revenue-figures";

const totals = { sessions: 4 } as AnalyticsTotals;

const current: AnalyticsPeriod = {
  from: "2026-11-10",
  to: "2026-11-10",
  totals,
  revenue: {
    orders: 3,
    revenue: [
      { currency: "EUR", total: 2418, influenced: 2398, assisted: 20 },
      { currency: "USD", total: 100, influenced: 0, assisted: 100 },
    ],
    conversionRate: 0.75,
    revenuePerSession: [
      { currency: "EUR", amount: 604.5 },
      { currency: "USD", amount: 25 },
    ],
  },
};
const previous: AnalyticsPeriod = {
  from: "2026-11-09",
  to: "2026-11-09",
  totals,
  revenue: {
    orders: 1,
    revenue: [{ currency: "EUR", total: 200, influenced: 0, assisted: 200 }],
    conversionRate: 1,
    revenuePerSession: [{ currency: "EUR", amount: 200 }],
  },
};

describe("RevenueFigures", () => {
  it("shows orders, revenue in euro with its influenced and assisted parts, other currencies as written, and the change", () => {
    render(<RevenueFigures current={current} previous={previous} />);
    const figures = screen.getByLabelText("Revenue of the period");
    expect(within(figures).getByTestId("figure-Orders").textContent).toBe("3");
    expect(within(figures).getByTestId("figure-Revenue").textContent).toBe("€ 2.418,00");
    expect(within(figures).getByText("Influenced € 2.398,00")).toBeTruthy();
    expect(within(figures).getByText("Assisted € 20,00")).toBeTruthy();
    expect(screen.getByTestId("revenue-other-currencies").textContent).toBe("and USD 100,00");
    expect(within(figures).getByTestId("figure-Conversion rate").textContent).toBe("75%");
    expect(within(figures).getByTestId("figure-Revenue per session").textContent).toBe("€ 604,50");
    // Against the day before: 3 orders after 1 (+200%), € 2.418 after € 200 (+1.109%), 75% after 100%.
    expect(within(figures).getByText("+200%")).toBeTruthy();
    expect(within(figures).getByText("+1.109%")).toBeTruthy();
    expect(within(figures).getByText("-25%")).toBeTruthy();
    expect(within(figures).getByText(/€ 200,00 · influenced \+ assisted/)).toBeTruthy();
  });

  it("without orders: zeros and no change, never NaN", () => {
    const none = {
      ...current,
      revenue: { orders: 0, revenue: [], conversionRate: 0, revenuePerSession: [] },
    };
    render(<RevenueFigures current={none} previous={{ ...previous, revenue: none.revenue }} />);
    expect(screen.getByTestId("figure-Revenue").textContent).toBe("€ 0,00");
    expect(screen.getByTestId("figure-Conversion rate").textContent).toBe("0%");
    expect(document.body.textContent).not.toContain("NaN");
  });

  it("money: euro as prices are shown, other currencies with their code", () => {
    expect(formatMoney(1499, "EUR")).toBe("€ 1.499,00");
    expect(formatMoney(1234.5, "USD")).toBe("USD 1.234,50");
  });
});
