import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadWithToast, takeFlashToast } from "./flash-toast";

afterEach(() => window.sessionStorage.clear());

describe("flash toast", () => {
  it("survives the reload once", () => {
    const reload = vi.fn();
    reloadWithToast({ kind: "success", message: "Floow archived" }, reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(takeFlashToast()).toEqual({ kind: "success", message: "Floow archived" });
    expect(takeFlashToast()).toBeNull();
  });

  it("drops a damaged entry", () => {
    window.sessionStorage.setItem("floow.flashToast", "{nope");
    expect(takeFlashToast()).toBeNull();
    window.sessionStorage.setItem("floow.flashToast", JSON.stringify({ kind: "boom", message: 1 }));
    expect(takeFlashToast()).toBeNull();
  });
});
