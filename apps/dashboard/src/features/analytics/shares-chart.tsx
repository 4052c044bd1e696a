import type { SessionShare } from "@floow/domain/analytics";
import { Doughnut } from "react-chartjs-2";
import { ChartCard, MiniTable } from "./chart-card";
import { CHART_COLORS } from "./chart-setup";
import { formatCount, formatRate } from "./format";

const OS_LABELS: Record<string, string> = {
  windows: "Windows",
  mac: "Mac",
  unix: "Unix",
  linux: "Linux",
  unknown: "Unknown",
};
const languageName = new Intl.DisplayNames(["en"], { type: "language" });
const languageLabel = (code: string) => {
  if (code === "unknown") return "Unknown";
  try {
    return languageName.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Sessions by operating system or by browser language: a doughnut and its table. */
export function SharesChart({
  kind,
  shares,
}: {
  kind: "devices" | "languages";
  shares: SessionShare[];
}) {
  const total = shares.reduce((sum, share) => sum + share.sessions, 0);
  const label = kind === "devices" ? (key: string) => OS_LABELS[key] ?? key : languageLabel;
  return (
    <ChartCard
      title={kind === "devices" ? "Devices" : "Languages"}
      description={
        kind === "devices" ? "Sessions by operating system." : "Sessions by the browser's language."
      }
      empty={total === 0 ? "No sessions in this period yet." : undefined}
      chart={
        <Doughnut
          data={{
            labels: shares.map((share) => label(share.key)),
            datasets: [
              {
                data: shares.map((share) => share.sessions),
                backgroundColor: shares.map((_, i) => CHART_COLORS[i % CHART_COLORS.length]),
                borderWidth: 0,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            cutout: "60%",
            plugins: { legend: { position: "bottom", labels: { boxWidth: 10, boxHeight: 10 } } },
          }}
        />
      }
      details={
        <MiniTable
          caption={kind === "devices" ? "Sessions by operating system" : "Sessions by language"}
          head={[kind === "devices" ? "System" : "Language", "Sessions", "Share"]}
          rows={shares.map((share) => [
            label(share.key),
            formatCount(share.sessions),
            formatRate(total > 0 ? share.sessions / total : null),
          ])}
        />
      }
      wide
    />
  );
}
