// The script tag's form inputs, their validation and event values (`/runtime/form.js`, render/lazy.ts).
import { formInputErrors } from "@floow/domain/logic";
import { eventFormInputs } from "../events";
import { FormStep } from "../render/form";
import { define } from "../render/lazy";

define("form", { FormStep, formInputErrors, eventFormInputs });
