// The script tag's form inputs and their validation (`/runtime/form.js`, render/lazy.ts).
import { formInputErrors } from "@floow/domain/logic";
import { FormStep } from "../render/form";
import { define } from "../render/lazy";

define("form", { FormStep, formInputErrors });
