import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { editorHref, getSelectedFloowId, selectFloow, useSelectedFloowId } from "./selected-floow";

afterEach(() => selectFloow(null));

describe("selected floow", () => {
  it("is kept in localStorage", () => {
    expect(getSelectedFloowId()).toBeNull();
    selectFloow("f_1");
    expect(window.localStorage.getItem("floow.selectedFloowId")).toBe("f_1");
    expect(getSelectedFloowId()).toBe("f_1");
  });

  it("re-renders subscribers when it changes", () => {
    const { result } = renderHook(() => useSelectedFloowId());
    expect(result.current).toBeNull();
    act(() => selectFloow("f_2"));
    expect(result.current).toBe("f_2");
  });

  it("builds the editor address with the floow id in the search", () => {
    expect(editorHref("3f0c1c52-8f0e-4c55-9a8e-2b1f1c2d3e4f")).toBe(
      "/editor?floowId=3f0c1c52-8f0e-4c55-9a8e-2b1f1c2d3e4f",
    );
  });
});
