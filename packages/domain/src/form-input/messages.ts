import type { Language } from "../shared/constants";

export type FormInputMessageKey = "required" | "checked" | "option" | "number" | "email" | "phone";

/** The form inputs' messages in one language. */
export type FormInputMessages = Readonly<Record<FormInputMessageKey, string>>;

/**
 * Messages for the form inputs of a shown floow, in the floow's language. The English
 * texts are the spec's generic checker messages (`checked`: a required checkbox left
 * unticked); `option` and the positive-number wording are not in the spec.
 */
export const FORM_INPUT_MESSAGES: Readonly<Record<Language, FormInputMessages>> = {
  en: {
    required: "This field is required",
    checked: "This field should be checked",
    option: "Please choose one of the options",
    number: "This field should be a number",
    email: "E-mail should be valid",
    phone: "Phone number should be valid",
  },
  nl: {
    required: "Dit veld is verplicht",
    checked: "Dit veld moet aangevinkt zijn",
    option: "Kies een van de opties",
    number: "Dit veld moet een getal zijn",
    email: "E-mailadres moet geldig zijn",
    phone: "Telefoonnummer moet geldig zijn",
  },
  fr: {
    required: "Ce champ est obligatoire",
    checked: "Ce champ doit être coché",
    option: "Veuillez choisir l'une des options",
    number: "Ce champ doit être un nombre",
    email: "L'adresse e-mail doit être valide",
    phone: "Le numéro de téléphone doit être valide",
  },
  de: {
    required: "Dieses Feld ist erforderlich",
    checked: "Dieses Feld muss angekreuzt sein",
    option: "Bitte wählen Sie eine der Optionen",
    number: "Dieses Feld muss eine Zahl sein",
    email: "Die E-Mail-Adresse muss gültig sein",
    phone: "Die Telefonnummer muss gültig sein",
  },
};
