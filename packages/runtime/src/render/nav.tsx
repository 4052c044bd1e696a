import { h } from "preact";
import { Button } from "./parts";
import type { UiProps } from "./ui";

/** Back, Next and Restart (not on the start page: the script tag's `pages.js`). */
export function Nav({ ui }: UiProps) {
  const { floow, flow } = ui;
  const { view } = flow.state;
  const step = flow.step();
  const back = floow.showBackButton && flow.canGoBack();
  // A single-choice step goes on when chosen, unless the floow shows Next.
  const next =
    step &&
    (step.type !== "single" || floow.showNextButton || flow.visibleChoices(step).length === 0);
  const restart = view.kind === "finish" && floow.showRestartButton;
  if (!back && !next && !restart) return null;
  return (
    <div class="nav">
      {back && <Button ui={ui} config={floow.buttons.back} onClick={() => flow.back()} />}
      {next && (
        <Button
          ui={ui}
          config={floow.buttons.next}
          class="end"
          disabled={!flow.canGoNext()}
          onClick={() => flow.next()}
        />
      )}
      {restart && (
        <Button ui={ui} config={floow.buttons.restart} class="end" onClick={() => flow.restart()} />
      )}
    </div>
  );
}
