import { flowProgress } from "../flow";
import { stepOf } from "../i18n";
import { paintOf } from "../theme";
import { h } from "preact";
import type { UiProps } from "./ui";

export function Progress({ ui }: UiProps) {
  const { floow, flow } = ui;
  const config = floow.progress;
  if (config.type === "none" || floow.steps.length === 0) return null;
  // The path's share done (steps mode: one dot per step of the path).
  const { percent, index, total } = flowProgress(flow);
  const label = stepOf(ui.texts, Math.max(index, 1), total);
  return (
    <div class={`progress ${config.direction}`} style={{ "--pc": paintOf(ui, config.colorId).c }}>
      {config.type === "steps" ? (
        <div class="dots" role="img" aria-label={label}>
          {Array.from({ length: total }, (_, i) => (
            <i key={i} class={i < index ? "done" : ""} />
          ))}
        </div>
      ) : (
        <div
          class="bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={label}
          aria-label={label}
        >
          <i style={{ width: `${percent}%` }} />
        </div>
      )}
      {flow.state.view.kind === "step" && (
        <span class="count" aria-hidden="true">
          {index}/{total}
        </span>
      )}
    </div>
  );
}
