import { describe, expect, it } from "vitest";
import { createFloow, createStep } from "../floow/factories";
import { BASE_STYLES, FEATURE_STYLES, floowStyles, styleFeatures, stylesheet } from "./styles";

const rules = (sheet: string) => sheet.split("}").length;

describe("the runtime's stylesheet", () => {
  it("is the base parts with every slot between them for the npm build", () => {
    const sheet = stylesheet(floowStyles());
    expect(sheet.startsWith(BASE_STYLES[0]!)).toBe(true);
    for (const slot of FEATURE_STYLES) for (const [css] of slot) expect(sheet).toContain(css);
    expect(stylesheet([])).toBe(BASE_STYLES.join(""));
  });

  it("gives a floow the rules of what it renders, in the sheet's order", () => {
    const everything = createFloow("selling", {
      steps: [createStep({ type: "single" }), createStep({ type: "form" })],
      buttons: { ...createFloow("selling").buttons, size: "lg", animation: "pulse" },
    });
    expect(styleFeatures(everything).sort()).toEqual([
      "choices",
      "form",
      "lg",
      "progress",
      "pulse",
      "results",
    ]);
    const sheet = stylesheet(floowStyles(everything));
    // The whole sheet but the editor preview's rules, the other size and the other animation.
    const all = stylesheet(floowStyles());
    const left = FEATURE_STYLES.flat().filter(([, ...f]) =>
      f.every((x) => ["preview", "sm", "bounce"].includes(x)),
    );
    expect(sheet).toBe(left.reduce((s, [css]) => s.replace(css, ""), all));

    const form = createFloow("data", { steps: [createStep({ type: "form" })] });
    form.progress = { ...form.progress, type: "none" };
    const formSheet = stylesheet(floowStyles(form));
    expect(styleFeatures(form)).toEqual(["form"]);
    expect(formSheet).toContain(".input{");
    expect(formSheet).not.toMatch(
      /\.choice\{|\.card\{|\}\.progress\{|\.btn\.lg|\.overlay\.contained/,
    );
    expect(rules(formSheet)).toBeLessThan(rules(all));
    // Always there: buttons, the dialog and the loading skeleton.
    for (const css of [".btn{", ".dialog{", ".sk{", ".overlay{"]) expect(formSheet).toContain(css);
  });
});
