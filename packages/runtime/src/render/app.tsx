import { LOADING_TEXTS } from "@floow/domain/logic";
import { Fragment, h } from "preact";
import { fontFamily, padding, radius } from "../theme";
import { Dialog } from "./dialog";
import { FinishView } from "./finish";
import { failed, nonce, part, retry } from "./lazy";
import { Button, Img, Rich, Skeleton } from "./parts";
import { Nav } from "./nav";
import { Progress } from "./progress";
import { StepView } from "./step";
import type { Ui, UiProps } from "./ui";

function StartView({ ui, onStart }: { ui: Ui; onStart: () => void }) {
  const { start, buttons } = ui.floow;
  const layout = start[ui.device];
  return (
    <div class={`block start align-${layout.align}`} style={{ width: `${layout.width}%` }}>
      {start.type !== "none" && (
        <>
          <Img src={start.image} class="media" />
          <Rich html={start.text} class="intro" top={!ui.preview} />
        </>
      )}
      <Button ui={ui} config={buttons.next} text={start.button.text} onClick={onStart} />
    </div>
  );
}

/**
 * Instead of the skeleton, once the script tag's chunk failed to load (render/lazy.ts, after
 * its retries): a message and a button that tries again (a dialog closes as ever).
 */
function Unavailable({ ui }: UiProps) {
  const { texts } = ui;
  return (
    <div class="block" role="alert">
      <p>{texts.unavailable}</p>
      <Button ui={ui} config={ui.floow.buttons.next} text={texts.retry} onClick={retry} />
    </div>
  );
}

/** Progress, the current page and the navigation: the inside of either container. */
function Body({ ui }: UiProps) {
  const { flow } = ui;
  const { view } = flow.state;
  const step = flow.step();
  // The script tag's pages after the start page come in a chunk (render/lazy.ts): a skeleton
  // shows until it is here (usually it is: fetched once the start page shows).
  const pages = __SCRIPT_TAG__
    ? view.kind != "start" && part()
    : { StepView, Progress, Nav, FinishView };
  const waiting =
    __SCRIPT_TAG__ && failed ? <Unavailable ui={ui} /> : <Skeleton label={ui.texts.loading} />;
  return (
    <>
      {view.kind !== "start" && pages && <pages.Progress ui={ui} />}
      <div class="page" tabIndex={-1}>
        {view.kind === "start" && <StartView ui={ui} onStart={() => flow.start()} />}
        {step ? pages ? <pages.StepView ui={ui} step={step} /> : waiting : null}
        {view.kind === "finish" ? pages ? <pages.FinishView ui={ui} /> : waiting : null}
      </div>
      {pages && <pages.Nav ui={ui} />}
    </>
  );
}

export type RootKind = "embedded" | "launcher" | "dialog";

export interface RootProps {
  /** Null while the floow loads: a skeleton. */
  ui: Ui | null;
  kind: RootKind;
  /** A dialog inside its host element (the editor's preview), not over the whole page. */
  contained?: boolean;
  onClose?: () => void;
  onLaunch?: () => void;
  /** The skeleton's label (`loadingText()`: in the page's language). */
  loading?: string;
}

/**
 * One render root: an embedded floow; a dialog floow's launcher at its target (its start
 * page, or only the start button when it has none), which opens the dialog; or the dialog.
 */
export function Root({
  ui,
  kind,
  contained,
  onClose = () => {},
  onLaunch = () => {},
  loading = LOADING_TEXTS.en,
}: RootProps) {
  if (!ui) {
    const skeleton = (
      <div class="panel">
        <Skeleton label={loading} />
      </div>
    );
    return (
      <div class="floow">
        {kind === "dialog" ? (
          <div class={`overlay ${!__SCRIPT_TAG__ && contained ? "contained" : ""}`}>{skeleton}</div>
        ) : (
          skeleton
        )}
      </div>
    );
  }
  const { floow, primary } = ui;
  // Without constructable stylesheets (render/sheet.ts) the chunk's rules come as a `<style>`
  // (`__SCRIPT_TAG__ &&` again below, so that the npm build drops the nonce: its module reads
  // `document` when loaded, which a server has not).
  const pages = __SCRIPT_TAG__ && !(document as Partial<Document>).adoptedStyleSheets && part();
  return (
    <div
      class="floow"
      data-device={ui.device}
      lang={ui.flow.language}
      style={{
        "--primary": primary,
        "--font": fontFamily(ui.brand),
        "--radius": `${radius(floow.container.radius)}px`,
        "--pad": `${padding(floow.container.padding)}px`,
      }}
    >
      {kind === "dialog" ? (
        <Dialog ui={ui} onClose={onClose} contained={contained}>
          <Body ui={ui} />
        </Dialog>
      ) : kind === "launcher" && floow.start.type === "none" ? (
        <StartView ui={ui} onStart={onLaunch} />
      ) : (
        <section class="panel embedded" aria-label={floow.name}>
          {kind === "launcher" ? <StartView ui={ui} onStart={onLaunch} /> : <Body ui={ui} />}
        </section>
      )}
      {__SCRIPT_TAG__ && pages ? <style nonce={nonce}>{pages.css}</style> : null}
    </div>
  );
}
