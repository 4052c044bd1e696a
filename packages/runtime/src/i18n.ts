import type { Language } from "@floow/domain/logic";

/**
 * The runtime's own texts (everything that is not configured in the floow): labels,
 * placeholders and status texts, in the floow's language. Validation messages come from
 * `@floow/domain/logic` (`validateFormInputs(inputs, values, language)`).
 */
export interface RuntimeTexts {
  close: string;
  loading: string;
  choose: string;
  typeHere: string;
  /** `{n}` and `{total}` are replaced (`stepOf`). */
  stepOf: string;
  partial: string;
  /** Before the answers a partial match meets: "Matches: City, under € 800". */
  matches: string;
}

export const TEXTS: Readonly<Record<Language, RuntimeTexts>> = {
  en: {
    close: "Close",
    loading: "Loading…",
    choose: "Choose an option",
    typeHere: "Type here",
    stepOf: "Step {n} of {total}",
    partial: "No exact match: these come closest to your answers.",
    matches: "Matches:",
  },
  nl: {
    close: "Sluiten",
    loading: "Laden…",
    choose: "Kies een optie",
    typeHere: "Typ hier",
    stepOf: "Stap {n} van {total}",
    partial: "Geen exacte match: deze komen het dichtst bij je antwoorden.",
    matches: "Past bij:",
  },
  fr: {
    close: "Fermer",
    loading: "Chargement…",
    choose: "Choisissez une option",
    typeHere: "Saisissez ici",
    stepOf: "Étape {n} sur {total}",
    partial: "Aucune correspondance exacte : voici les plus proches de vos réponses.",
    matches: "Correspond à :",
  },
  de: {
    close: "Schließen",
    loading: "Wird geladen…",
    choose: "Option auswählen",
    typeHere: "Hier eingeben",
    stepOf: "Schritt {n} von {total}",
    partial: "Keine genaue Übereinstimmung: Diese kommen Ihren Antworten am nächsten.",
    matches: "Passt zu:",
  },
};

export function stepOf(texts: RuntimeTexts, n: number, total: number): string {
  return texts.stepOf.replace("{n}", String(n)).replace("{total}", String(total));
}

export function textsFor(language: string | null | undefined): RuntimeTexts {
  return TEXTS[language as Language] ?? TEXTS.en;
}
