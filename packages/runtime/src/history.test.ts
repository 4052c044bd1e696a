import { afterEach, describe, expect, it } from "vitest";
import { HOST_ATTR } from "./host";
import { destroy, mount } from "./index";
import { blurOnRemove } from "./test/blur-on-remove";
import { domain as brand, sellingFloow } from "./test/fixtures";

const domain = { ...brand, fonts: [] };
const popped = () =>
  new Promise((resolve) => addEventListener("popstate", resolve, { once: true }));

afterEach(() => destroy());

describe("mount(…, { history: true }) (the hosted page)", () => {
  it("makes each page a history entry: the browser's Back goes to the previous question, and the floow's Back goes back an entry", async () => {
    document.body.innerHTML = `<div id="app"></div>`;
    const floow = sellingFloow({ container: { type: "embedded", radius: "md", padding: "md" } });
    mount(document.getElementById("app"), { floow, domain, history: true });
    const r = document.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
    const question = () =>
      r.querySelector(".question")?.textContent ?? r.querySelector(".intro")?.textContent;
    const button = (text: string) =>
      [...r.querySelectorAll<HTMLElement>("button")].find((b) => b.textContent === text)!;
    const start = history.length;
    button("Start").click();
    button("High").click(); // to the colours
    expect(question()).toBe("Which colours?");
    expect(history.length).toBe(start + 2);

    const back = popped();
    history.back();
    await back;
    expect(question()).toBe("What is your budget?");
    const again = popped();
    history.back();
    await again;
    expect(question()).toBe("Find your bike");

    // Forward again by answering; the floow's own Back takes the tab's entry back too.
    button("Start").click();
    expect(history.state).toMatchObject({ floowDepth: 1 });
    const own = popped();
    button("Back").click();
    await own;
    expect(question()).toBe("Find your bike");
    expect(history.state?.floowDepth ?? 0).toBe(0);
  });

  it("shows the form again after the browser's Back from it with an input focused, and the question answered again", async () => {
    // The render that Back starts removes the focused input: its blur asks for a render.
    blurOnRemove();
    document.body.innerHTML = `<div id="app"></div>`;
    const floow = sellingFloow({ container: { type: "embedded", radius: "md", padding: "md" } });
    mount(document.getElementById("app"), { floow, domain, history: true });
    const r = document.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
    const question = () =>
      r.querySelector(".question")?.textContent ?? r.querySelector(".intro")?.textContent;
    const button = (text: string) =>
      [...r.querySelectorAll<HTMLElement>("button")].find((b) => b.textContent === text)!;
    button("Start").click();
    button("Low").click(); // to the form
    expect(question()).toBe("Your details");
    r.querySelector<HTMLInputElement>("input")!.focus();

    const back = popped();
    history.back();
    await back;
    expect(question()).toBe("What is your budget?");
    expect(button("Low").getAttribute("aria-checked")).toBe("true");
    button("Low").click();
    expect(question()).toBe("Your details");
    expect(r.querySelector("label")?.textContent).toContain("Name");
    // The blur of the input that Back removed did not count as leaving it (issue 21).
    expect(r.querySelector(".error")).toBeNull();
    expect(history.state).toMatchObject({ floowDepth: 2 });
  });

  it("leaves the tab's history alone without the option", () => {
    document.body.innerHTML = `<div id="app"></div>`;
    const floow = sellingFloow({ container: { type: "embedded", radius: "md", padding: "md" } });
    mount(document.getElementById("app"), { floow, domain });
    const r = document.querySelector(`[${HOST_ATTR}]`)!.shadowRoot!;
    const before = history.length;
    [...r.querySelectorAll<HTMLElement>("button")].find((b) => b.textContent === "Start")!.click();
    expect(history.length).toBe(before);
  });
});
