import type { FormInputCompletion } from "@floow/domain/analytics";
import { Bar } from "react-chartjs-2";
import { ChartCard, MiniTable } from "./chart-card";
import { PRIMARY } from "./chart-setup";
import { formatCount, formatRate } from "./format";
import { truncate } from "./funnel-chart";

/** How often each form input was filled in when its step was submitted (never the values). */
export function FormInputsChart({ inputs }: { inputs: FormInputCompletion[] }) {
  return (
    <ChartCard
      title="Form inputs"
      description="Of the sessions that submitted a form step, the share that filled in each input. Values are not shown."
      empty={
        inputs.length === 0
          ? "No form was submitted in this period. Floows with a form step show each input's completion here."
          : undefined
      }
      chart={
        <Bar
          data={{
            labels: inputs.map((input) => input.text),
            datasets: [
              {
                label: "Completion",
                data: inputs.map((input) => (input.completion ?? 0) * 100),
                backgroundColor: PRIMARY,
                borderRadius: 4,
              },
            ],
          }}
          options={{
            indexAxis: "y",
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { beginAtZero: true, max: 100, ticks: { callback: (value) => `${value}%` } },
              y: { ticks: { callback: (_, i) => truncate(inputs[i]?.text ?? "", 24) } },
            },
            plugins: { legend: { display: false } },
          }}
        />
      }
      details={
        <MiniTable
          caption="Completion per form input"
          head={["Input", "Submitted", "Filled in", "Completion"]}
          rows={inputs.map((input) => [
            input.text,
            formatCount(input.submitted),
            formatCount(input.filled),
            formatRate(input.completion),
          ])}
        />
      }
    />
  );
}
