import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../shared/constants";
import type { FormInputType } from "./constants";
import { FORM_INPUT_TYPES } from "./constants";
import { formInputError, formInputErrors } from "./logic";
import { FORM_INPUT_MESSAGES } from "./messages";
import type { FormInput } from "./types";

const input = (type: FormInputType, required: boolean, options: string[] = []): FormInput => ({
  id: `${type}-${required}`,
  type,
  label: type,
  value: null,
  required,
  options,
});

describe("formInputError", () => {
  const colours = ["red", "blue"];
  const table: [FormInput, unknown, string | null][] = [
    // required: empty, blank, empty list
    [input("text", true), "", "required"],
    [input("text", true), "   ", "required"],
    [input("text", true), undefined, "required"],
    [input("text", true), null, "required"],
    [input("text", true), "Jan", null],
    [input("text", false), "", null],
    [input("textarea", true), "\n\t", "required"],
    [input("date", true), "2025-01-01", null],
    // dropdown: among its options
    [input("dropdown", true, colours), "", "required"],
    [input("dropdown", true, colours), "green", "option"],
    [input("dropdown", true, colours), "red", null],
    [input("dropdown", false, colours), "", null],
    [input("dropdown", false, colours), "green", "option"],
    // multiselect: at least one when required, every value among the options
    [input("multiselect", true, colours), [], "required"],
    [input("multiselect", true, colours), undefined, "required"],
    [input("multiselect", true, colours), ["red"], null],
    [input("multiselect", true, colours), ["red", "green"], "option"],
    [input("multiselect", true, colours), "blue", null],
    [input("multiselect", false, colours), [], null],
    [input("multiselect", false, colours), ["green"], "option"],
    // number: positive when filled
    [input("number", false), "", null],
    [input("number", true), "", "required"],
    [input("number", false), "12", null],
    [input("number", false), "12.5", null],
    [input("number", false), "12,5", null],
    [input("number", false), 3, null],
    [input("number", false), "0", "number"],
    [input("number", false), "-4", "number"],
    [input("number", false), 0, "number"],
    [input("number", false), "twelve", "number"],
    [input("number", false), "12 kg", "number"],
    // email: valid when filled
    [input("email", false), "", null],
    [input("email", false), "jan@example.nl", null],
    [input("email", false), "jan@example", "email"],
    [input("email", true), "", "required"],
    // phone: optional plus, digits, spaces, hyphens, parentheses
    [input("phone", false), "", null],
    [input("phone", false), "+31 (0)6-1234 5678", null],
    [input("phone", false), "0612345678", null],
    [input("phone", false), "06 12ab", "phone"],
    [input("phone", false), "++31", "phone"],
    [input("phone", false), "---", "phone"],
    [input("phone", false), "()", "phone"],
    [input("phone", false), "+ ( ) -", "phone"],
    [input("phone", false), "+", "phone"],
    [input("phone", false), "(020) 123", null],
    [input("phone", false), "+31", null],
    // checkbox: a required one must be checked (its own message)
    [input("checkbox", true), false, "checked"],
    [input("checkbox", true), undefined, "checked"],
    [input("checkbox", true), true, null],
    [input("checkbox", true), "on", null],
    [input("checkbox", false), false, null],
  ];
  it.each(table)("%s with %j -> %s", (i, value, expected) => {
    expect(formInputError(i, value)).toBe(expected);
  });

  it("covers every form input type", () => {
    expect(new Set(table.map((row) => row[0].type))).toEqual(new Set(FORM_INPUT_TYPES));
  });
});

describe("formInputErrors", () => {
  const inputs: FormInput[] = [
    { ...input("text", true), id: "name", value: "" },
    { ...input("email", true), id: "email", value: "jan@example.nl" },
    { ...input("dropdown", true, ["a", "b"]), id: "pick", value: "a" },
  ];

  const en = FORM_INPUT_MESSAGES.en;

  it("returns the invalid inputs with the messages given", () => {
    expect(formInputErrors(inputs, {}, en)).toEqual([
      { inputId: "name", message: "This field is required" },
    ]);
  });

  it("takes values by input id, falling back to the input's value", () => {
    expect(formInputErrors(inputs, { name: "Jan", email: "nope", pick: "c" }, en)).toEqual([
      { inputId: "email", message: "E-mail should be valid" },
      { inputId: "pick", message: "Please choose one of the options" },
    ]);
    expect(formInputErrors(inputs, { name: "Jan" }, en)).toEqual([]);
  });

  it.each([
    ["en", "This field is required"],
    ["nl", "Dit veld is verplicht"],
    ["fr", "Ce champ est obligatoire"],
    ["de", "Dieses Feld ist erforderlich"],
  ] as const)("speaks %s", (language, message) => {
    expect(formInputErrors(inputs, {}, FORM_INPUT_MESSAGES[language])).toEqual([
      { inputId: "name", message },
    ]);
  });

  it.each([
    ["en", "This field should be checked"],
    ["nl", "Dit veld moet aangevinkt zijn"],
    ["fr", "Ce champ doit être coché"],
    ["de", "Dieses Feld muss angekreuzt sein"],
  ] as const)("asks for a required checkbox to be checked in %s", (language, message) => {
    const terms = { ...input("checkbox", true), id: "terms", value: false };
    expect(formInputErrors([terms], {}, FORM_INPUT_MESSAGES[language])).toEqual([
      { inputId: "terms", message },
    ]);
    expect(formInputErrors([terms], { terms: true }, FORM_INPUT_MESSAGES[language])).toEqual([]);
  });

  it("pins the English messages and has every message in every language", () => {
    expect(FORM_INPUT_MESSAGES.en).toEqual({
      required: "This field is required",
      checked: "This field should be checked",
      option: "Please choose one of the options",
      number: "This field should be a number",
      email: "E-mail should be valid",
      phone: "Phone number should be valid",
    });
    for (const language of LANGUAGES) {
      expect(Object.keys(FORM_INPUT_MESSAGES[language]).sort()).toEqual(
        Object.keys(FORM_INPUT_MESSAGES.en).sort(),
      );
      for (const message of Object.values(FORM_INPUT_MESSAGES[language]))
        expect(message.length).toBeGreaterThan(0);
    }
  });
});
