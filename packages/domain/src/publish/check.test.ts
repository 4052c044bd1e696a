import { describe, expect, it } from "vitest";
import { createChoice, createFloow, createStep } from "../floow/factories";
import type { Floow } from "../floow/types";
import { checkDraft, floowUrls, hasErrors, isUsableAddress, richTextUrls } from "./check";

function sellingFloow(overrides: Partial<Floow> = {}): Floow {
  const step = createStep({ id: "s1", text: "<p>Which bike?</p>" });
  step.choices = [
    createChoice({ id: "c1", stepId: "s1", text: "<p>Road</p>" }),
    createChoice({ id: "c2", stepId: "s1", text: "<p>City</p>" }),
  ];
  return createFloow("selling", { feedId: "feed-1", steps: [step], ...overrides });
}

const rules = (floow: Floow) => checkDraft(floow).map((item) => `${item.severity}:${item.rule}`);

describe("checkDraft: the draft's own rules", () => {
  it("finds nothing in a clean floow", () => {
    expect(checkDraft(sellingFloow())).toEqual([]);
    expect(hasErrors(checkDraft(sellingFloow()))).toBe(false);
  });

  it("a selling floow without a feed is an error pointing at the settings; a data floow needs none", () => {
    expect(checkDraft(sellingFloow({ feedId: null }))).toEqual([
      {
        severity: "error",
        rule: "no-feed",
        message:
          "This floow has no product feed: choose one, so that the finish page has products to show.",
        target: { page: "settings" },
      },
    ]);
    expect(rules(createFloow("data", { steps: sellingFloow().steps }))).toEqual([]);
  });

  it("a question left at [ Title / Question ] is a warning at its step", () => {
    const floow = sellingFloow();
    floow.steps.push({
      ...createStep({ id: "s2" }),
      choices: [createChoice({ id: "c3", stepId: "s2", text: "Yes" })],
    });
    expect(checkDraft(floow)).toEqual([
      {
        severity: "warning",
        rule: "default-text",
        message:
          'Step 2 still shows the default question "[ Title / Question ]": write the question shoppers should see.',
        target: { page: "step", stepId: "s2" },
      },
    ]);
    expect(hasErrors(checkDraft(floow))).toBe(false);
    // Messages name such a step by its number, not by the default text.
    floow.steps.push(createStep({ id: "s3" }));
    expect(checkDraft(floow).map((i) => i.message)).toContain(
      "Step 3 asks a question but has no choices: add choices, or make it a content step.",
    );
  });

  it("a question step without choices and a choice without text are errors; content and form steps need no choices", () => {
    const floow = sellingFloow();
    floow.steps.push(createStep({ id: "s2", text: "<p>Colour?</p>", type: "multiple" }));
    floow.steps.push(createStep({ id: "s3", text: "<p>Thanks</p>", type: "content" }));
    floow.steps.push(createStep({ id: "s4", text: "<p>Your e-mail</p>", type: "form" }));
    floow.steps[0]!.choices.push(createChoice({ id: "c9", stepId: "s1", text: "<p> </p>" }));
    expect(checkDraft(floow)).toEqual([
      {
        severity: "error",
        rule: "empty-choice",
        message:
          'Step "Which bike?": choice 3 has no text: write one (shoppers and screen readers need it) or delete the choice.',
        target: { page: "step", stepId: "s1", choiceId: "c9" },
      },
      {
        severity: "error",
        rule: "no-choices",
        message:
          'Step "Colour?" asks a question but has no choices: add choices, or make it a content step.',
        target: { page: "step", stepId: "s2" },
      },
    ]);
    expect(hasErrors(checkDraft(floow))).toBe(true);
  });

  it("links and images that are not http(s) are errors at their place; uploads, mailto and tel are fine", () => {
    const floow = sellingFloow();
    floow.start.text =
      '<p>See <a href="javascript:alert(1)">this</a> and <a href="mailto:help@shop.example">mail</a></p>';
    floow.start.image = "/blobs/0b5e6f9e-1f2a-4c3b-9d8e-7f6a5b4c3d2e";
    floow.steps[0]!.choices[1]!.image = "ftp://images.example/city.png";
    floow.finish.text =
      '<p><img src="data:image/png;base64,AAAA"> <img src="https://cdn.example/ok.png?a=1&amp;b=2"></p>';
    expect(checkDraft(floow)).toEqual([
      {
        severity: "error",
        rule: "link-not-http",
        message:
          'Start page: a link to "javascript:alert(1)" is not an http(s) address: use a full address starting with https://.',
        target: { page: "start" },
      },
      {
        severity: "error",
        rule: "image-not-http",
        message:
          'Step "Which bike?": choice "City": the image "ftp://images.example/city.png" is not an http(s) address: use a full address starting with https:// or upload the image.',
        target: { page: "step", stepId: "s1", choiceId: "c2" },
      },
      expect.objectContaining({ rule: "image-not-http", target: { page: "finish" } }),
    ]);
    expect(floowUrls(floow).filter((u) => u.url.startsWith("https:"))).toEqual([
      {
        url: "https://cdn.example/ok.png?a=1&b=2",
        kind: "image",
        place: "Finish page",
        target: { page: "finish" },
      },
    ]);
  });

  it("reads hrefs of links and srcs of images only, with any quoting", () => {
    expect(
      richTextUrls(
        `<a title="x" href='https://a.example/'>a</a><img alt=y src=https://b.example/i.png><a src="no">`,
      ),
    ).toEqual([
      { url: "https://a.example/", kind: "link" },
      { url: "https://b.example/i.png", kind: "image" },
    ]);
    expect(isUsableAddress("/blobs/abc", "image")).toBe(true);
    expect(isUsableAddress("/blobs/abc", "link")).toBe(false);
    expect(isUsableAddress("/products/1", "link")).toBe(false);
    expect(isUsableAddress("tel:+31201234567", "image")).toBe(false);
  });
});
