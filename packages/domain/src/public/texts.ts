import { FORM_INPUT_MESSAGES } from "../form-input/messages";
import type { FormInputMessages } from "../form-input/messages";
import type { Language } from "../shared/constants";

/**
 * The runtime's own texts (everything a shown floow says that is not configured in it):
 * labels, placeholders and status texts, in the floow's language.
 */
export interface RuntimeTexts {
  close: string;
  loading: string;
  choose: string;
  typeHere: string;
  /** `{n}` and `{total}` are replaced. */
  stepOf: string;
  partial: string;
  /** Before the answers a partial match meets: "Matches: City, under € 800". */
  matches: string;
  /** A part of the script-tag renderer did not load (after its retries), with `retry` under it. */
  unavailable: string;
  retry: string;
}

/**
 * The label of the skeleton a floow shows while it loads: apart, because the script-tag
 * renderer needs it before a floow (and its texts) is there, in the page's language.
 */
export const LOADING_TEXTS: Readonly<Record<Language, string>> = {
  en: "Loading…",
  nl: "Laden…",
  fr: "Chargement…",
  de: "Wird geladen…",
};

export const RUNTIME_TEXTS: Readonly<Record<Language, RuntimeTexts>> = {
  en: {
    close: "Close",
    loading: LOADING_TEXTS.en,
    choose: "Choose an option",
    typeHere: "Type here",
    stepOf: "Step {n} of {total}",
    partial: "No exact match: these come closest to your answers.",
    matches: "Matches:",
    unavailable: "This could not be loaded. Check your connection and try again.",
    retry: "Try again",
  },
  nl: {
    close: "Sluiten",
    loading: LOADING_TEXTS.nl,
    choose: "Kies een optie",
    typeHere: "Typ hier",
    stepOf: "Stap {n} van {total}",
    partial: "Geen exacte match: deze komen het dichtst bij je antwoorden.",
    matches: "Past bij:",
    unavailable: "Dit kon niet worden geladen. Controleer je verbinding en probeer het opnieuw.",
    retry: "Opnieuw proberen",
  },
  fr: {
    close: "Fermer",
    loading: LOADING_TEXTS.fr,
    choose: "Choisissez une option",
    typeHere: "Saisissez ici",
    stepOf: "Étape {n} sur {total}",
    partial: "Aucune correspondance exacte : voici les plus proches de vos réponses.",
    matches: "Correspond à :",
    unavailable: "Impossible de charger ce contenu. Vérifiez votre connexion et réessayez.",
    retry: "Réessayer",
  },
  de: {
    close: "Schließen",
    loading: LOADING_TEXTS.de,
    choose: "Option auswählen",
    typeHere: "Hier eingeben",
    stepOf: "Schritt {n} von {total}",
    partial: "Keine genaue Übereinstimmung: Diese kommen Ihren Antworten am nächsten.",
    matches: "Passt zu:",
    unavailable:
      "Das konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    retry: "Erneut versuchen",
  },
};

/**
 * Every text a shown floow needs in one language: the runtime's own texts and the form
 * inputs' validation messages. The public floows answers carry them (`PublicFloow.texts`)
 * for the floow's language, so the script-tag renderer bundles none of the four languages;
 * the npm build keeps `RUNTIME_TEXTS` and `FORM_INPUT_MESSAGES` for floows it is given.
 */
export interface FloowTexts extends RuntimeTexts {
  messages: FormInputMessages;
}

/** A floow's texts in `language` (English for an unknown one). */
export function floowTexts(language: Language | null | undefined): FloowTexts {
  const lang = language && Object.hasOwn(RUNTIME_TEXTS, language) ? language : "en";
  return { ...RUNTIME_TEXTS[lang], messages: FORM_INPUT_MESSAGES[lang] };
}
