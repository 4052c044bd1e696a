import type { FunnelStep } from "@floow/domain/analytics";
import { Bar } from "react-chartjs-2";
import { ChartCard, MiniTable } from "./chart-card";
import { GREY, PRIMARY } from "./chart-setup";
import { formatCount, formatRate } from "./format";

/**
 * The funnel: per step in the floow's order, the sessions that reached it and the sessions
 * that left there. Floows branch, so a step's drop-off is its exits over the sessions that
 * reached that step (not over all starts).
 */
export function FunnelChart({ steps, loading }: { steps: FunnelStep[]; loading?: boolean }) {
  const empty = steps.every((step) => step.reached === 0)
    ? "No shopper started this floow in this period yet. Publish it and embed it to see where shoppers drop off."
    : undefined;
  return (
    <ChartCard
      title="Funnel"
      description="Sessions that reached each step and those that left there; drop-off is of the sessions that reached the step."
      loading={loading}
      empty={empty}
      chart={
        <Bar
          data={{
            labels: steps.map((step) => step.text),
            datasets: [
              {
                label: "Reached",
                data: steps.map((step) => step.reached),
                backgroundColor: PRIMARY,
                borderRadius: 4,
              },
              {
                label: "Left here",
                data: steps.map((step) => step.left),
                backgroundColor: GREY,
                borderRadius: 4,
              },
            ],
          }}
          options={{
            indexAxis: "y",
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { beginAtZero: true, ticks: { precision: 0 } },
              y: { ticks: { callback: (_, i) => truncate(steps[i]?.text ?? "", 28) } },
            },
            plugins: { legend: { position: "bottom", labels: { boxWidth: 10, boxHeight: 10 } } },
          }}
        />
      }
      details={
        <MiniTable
          caption="Funnel per step"
          head={["Step", "Reached", "Left", "Drop-off"]}
          rows={steps.map((step) => [
            step.text,
            formatCount(step.reached),
            formatCount(step.left),
            formatRate(step.dropOff),
          ])}
        />
      }
    />
  );
}

export const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
