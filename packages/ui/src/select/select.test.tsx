import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Select } from "./select";

describe("Select", () => {
  it("is a native select that reports the chosen option", async () => {
    render(
      <label>
        Language
        <Select defaultValue="">
          <option value="">No language</option>
          <option value="en">English</option>
          <option value="nl">Nederlands</option>
        </Select>
      </label>,
    );
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Language" });
    await userEvent.selectOptions(select, "nl");
    expect(select.value).toBe("nl");
  });
});
