import type { Rate } from "@floow/domain/experiment";

const percent = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 1 });

/** 0.1234 → "12,3 %" (the spec's Dutch number format). */
export const pct = (value: number) => `${percent.format(value * 100)} %`;

/** A rate with its 95 % interval: "12,3 % (10,1–14,6)". */
export const rateLabel = (rate: Rate) =>
  `${pct(rate.value)} (${percent.format(rate.low * 100)}–${percent.format(rate.high * 100)})`;

/** A difference in percentage points, signed: "+2,0 pt (0,4–3,6)". */
export function liftLabel(rate: Rate): string {
  const sign = rate.value > 0 ? "+" : "";
  return `${sign}${percent.format(rate.value * 100)} pt (${percent.format(rate.low * 100)} to ${percent.format(rate.high * 100)})`;
}

/** An amount in the orders' currency: euro as the spec writes it, others with their code. */
export function money(value: number, currency: string | null): string {
  return new Intl.NumberFormat("nl-NL", {
    style: "currency",
    currency: currency ?? "EUR",
    minimumFractionDigits: 2,
  }).format(value);
}
