import { productLink, productLinkUrl } from "@floow/domain/logic";
import type { ResultsLayout } from "@floow/domain/logic";
import { safeUrl } from "../sanitize";
import { gap, padding, radius } from "../theme";
import { Fragment, h } from "preact";
import { Button, Img, Rich, Skeleton } from "./parts";
import type { Ui, UiProps } from "./ui";

function ResultCard({
  ui,
  layout,
  met,
  i,
}: {
  ui: Ui;
  layout: ResultsLayout;
  met?: string[] | undefined;
  i: number;
}) {
  const { floow } = ui;
  const p = ui.flow.card(i);
  const position = layout.imagePosition;
  // The results call sends only http(s) links (apps/api `productCard`).
  const url = __SCRIPT_TAG__ ? p.url : safeUrl(p.url);
  const link = productLink(floow.finish.results);
  return (
    <article key={i} class={`card ${layout.type} img-${position} ${layout.shadow ? "shadow" : ""}`}>
      {position !== "none" && <Img src={p.image} class={`pimg ${position}`} alt={p.name} />}
      <div class="body">
        {/* Names are text, never HTML. */}
        <h2 class="name">{p.name}</h2>
        {p.priceText ? <p class="price">{p.priceText}</p> : null}
        {met?.[0] && (
          <p class="desc">
            {ui.texts.matches} {met.join(", ")}
          </p>
        )}
        <Rich html={p.description} class="desc" />
        {p.attributes.length > 0 && (
          <dl class="attrs">
            {p.attributes.map((a) => (
              <>
                <dt>{a.name}</dt>
                <dd>{a.value}</dd>
              </>
            ))}
          </dl>
        )}
        {url ? (
          <Button
            ui={ui}
            config={floow.buttons.next}
            text={floow.finish.results.button.text}
            href={productLinkUrl(url, floow.name, link.utm)}
            // This tab is the top one (the hosted page in an iframe opens it in the shopper's
            // tab); the preview never leaves the editor.
            target={link.target == "blank" || ui.preview ? "_blank" : "_top"}
            onClick={() => ui.flow.openProduct(i)}
          />
        ) : null}
      </div>
    </article>
  );
}

/** The products (laid out per the results settings), "Show more", or the placeholder. */
function Results({ ui }: UiProps) {
  const { floow, flow, texts } = ui;
  const results = floow.finish.results;
  const layout = results[ui.device];
  const { status, products, partial, matches, more } = flow.state.results;
  if (status === "loading") return <Skeleton label={texts.loading} />;
  // Spec: a failed results call only clears the loading flag, so it reads as no results.
  if (products.length === 0) return <p class="placeholder">{results.placeholder.text}</p>;
  const shown = products.slice(0, Math.max(1, layout.inView) * (more + 1));
  return (
    <>
      {partial && <p class="note">{texts.partial}</p>}
      <div
        class="results"
        style={{
          "--cols": Math.max(1, layout.columns),
          "--gap": `${gap(layout.gap)}px`,
          "--r": `${radius(layout.radius)}px`,
          "--p": `${padding(layout.padding)}px`,
          width: `${layout.width}%`,
        }}
      >
        {shown.map((_, i) => (
          <ResultCard i={i} ui={ui} layout={layout} met={matches?.[i]} />
        ))}
      </div>
      {shown.length < products.length && (
        <button type="button" class="more" onClick={() => flow.showMore()}>
          {results.showMore.text}
        </button>
      )}
    </>
  );
}

export function FinishView({ ui }: UiProps) {
  const { floow } = ui;
  return (
    <div class="block">
      <Rich html={floow.finish.text} class="question" top={!ui.preview} />
      <Img src={floow.finish.image} class="media" />
      {floow.type === "selling" && floow.finish.type === "results" && <Results ui={ui} />}
    </div>
  );
}
