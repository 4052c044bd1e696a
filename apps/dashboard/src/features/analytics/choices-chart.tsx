import type { StepChoices } from "@floow/domain/analytics";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@floow/ui";
import { Bar } from "react-chartjs-2";
import { MiniTable } from "./chart-card";
import { CHART_COLORS } from "./chart-setup";
import { ChoiceRevenue } from "./choice-revenue";
import { formatCount, formatRate } from "./format";
import { truncate } from "./funnel-chart";

/** Per step, how many sessions picked each choice, and their revenue by answer: a bar chart and its table. */
export function ChoicesCharts({ steps }: { steps: StepChoices[] }) {
  // Revenue by answer once the period has an order of a session that answered: before that a
  // table of dashes under every question says nothing.
  const withOrders = steps.some((step) => step.choices.some((choice) => choice.orders > 0));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Choices</CardTitle>
        <CardDescription>
          Per question, the sessions that picked each choice (several per session in multiple-choice
          questions), and the orders of those sessions with their revenue, influenced and assisted.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {steps.length === 0 ? (
          <p className="rounded-xl border border-dashed border-grey-300 bg-grey-50/60 px-5 py-8 text-center text-sm text-grey-500">
            No choices were made in this period yet. Publish the floow and embed it to see what
            shoppers pick.
          </p>
        ) : (
          steps.map((step) => (
            <section key={step.stepId} aria-label={step.text} className="grid gap-6 lg:grid-cols-2">
              <div className="min-w-0">
                <h4 className="mb-2 text-sm font-medium text-grey-800">{step.text}</h4>
                <div
                  aria-hidden="true"
                  className="relative"
                  style={{ height: Math.max(96, step.choices.length * 34 + 40) }}
                >
                  <Bar
                    data={{
                      labels: step.choices.map((choice) => choice.text),
                      datasets: [
                        {
                          label: "Sessions",
                          data: step.choices.map((choice) => choice.sessions),
                          backgroundColor: step.choices.map(
                            (_, index) => CHART_COLORS[index % CHART_COLORS.length],
                          ),
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
                        y: {
                          ticks: { callback: (_, i) => truncate(step.choices[i]?.text ?? "", 24) },
                        },
                      },
                      plugins: { legend: { display: false } },
                    }}
                  />
                </div>
              </div>
              <MiniTable
                caption={`Choices of ${step.text}`}
                head={["Choice", "Sessions", "Share"]}
                rows={step.choices.map((choice) => [
                  choice.text,
                  formatCount(choice.sessions),
                  formatRate(step.sessions > 0 ? choice.sessions / step.sessions : null),
                ])}
              />
              {withOrders ? <ChoiceRevenue step={step} /> : null}
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
