import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getSelectedDomainId, selectDomain, useSelectedDomainId } from "./selected-domain";

afterEach(() => selectDomain(null));

describe("selected domain", () => {
  it("is kept in localStorage", () => {
    expect(getSelectedDomainId()).toBeNull();
    selectDomain("dom_1");
    expect(window.localStorage.getItem("floow.selectedDomainId")).toBe("dom_1");
    expect(getSelectedDomainId()).toBe("dom_1");
  });

  it("re-renders subscribers when it changes", () => {
    const { result } = renderHook(() => useSelectedDomainId());
    expect(result.current).toBeNull();
    act(() => selectDomain("dom_2"));
    expect(result.current).toBe("dom_2");
  });
});
