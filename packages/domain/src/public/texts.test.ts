import { describe, expect, it } from "vitest";
import { FORM_INPUT_MESSAGES } from "../form-input/messages";
import { formInputErrors } from "../form-input/logic";
import { LANGUAGES } from "../shared/constants";
import { LOADING_TEXTS, RUNTIME_TEXTS, floowTexts } from "./texts";

describe("runtime texts", () => {
  it("exist in every language with the same keys, the skeleton's label among them", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(RUNTIME_TEXTS[language])).toEqual(Object.keys(RUNTIME_TEXTS.en));
      expect(RUNTIME_TEXTS[language].loading).toBe(LOADING_TEXTS[language]);
    }
  });

  it("come for one language with its validation messages (English for an unknown one)", () => {
    expect(floowTexts("de")).toEqual({ ...RUNTIME_TEXTS.de, messages: FORM_INPUT_MESSAGES.de });
    expect(floowTexts("xx" as never)).toEqual(floowTexts("en"));
    expect(floowTexts(undefined).close).toBe("Close");
    expect(floowTexts("toString" as never).close).toBe("Close");
  });

  it("carry the messages the form errors are given in the floow's language", () => {
    const inputs = [{ id: "a", type: "email" as const, required: true, options: [] }];
    expect(formInputErrors(inputs, { a: "x" }, floowTexts("fr").messages)).toEqual([
      { inputId: "a", message: FORM_INPUT_MESSAGES.fr.email },
    ]);
  });
});
