import { LOADING_TEXTS, RUNTIME_TEXTS, floowTexts } from "@floow/domain/logic";
import type { FloowTexts, Language, PublicFloow, RuntimeTexts } from "@floow/domain/logic";

export type { RuntimeTexts } from "@floow/domain/logic";

/**
 * The runtime's own texts (labels, placeholders, status texts) and validation messages for a
 * floow. Their one source is `@floow/domain` (`floowTexts`: `RUNTIME_TEXTS` and
 * `FORM_INPUT_MESSAGES`).
 * The script-tag renderer (`__SCRIPT_TAG__`) uses the texts the public API sends with each
 * floow (`floow.texts`, in the floow's language) and bundles none of the four languages; the
 * npm build looks them up in the languages it bundles, since it may be given a floow without
 * them (the editor's preview, a developer's own configuration).
 */
export function textsOf(floow: PublicFloow, language: Language): FloowTexts {
  return __SCRIPT_TAG__ ? floow.texts! : floowTexts(language);
}

/** The skeleton's label before a floow is here: in the given or the page's language. */
export function loadingText(language?: string): string {
  const lang = language ?? document.documentElement.lang.slice(0, 2).toLowerCase();
  return LOADING_TEXTS[lang as Language] ?? LOADING_TEXTS.en;
}

export function stepOf(texts: RuntimeTexts, n: number, total: number): string {
  return texts.stepOf.replace("{n}", String(n)).replace("{total}", String(total));
}

export function textsFor(language: string | null | undefined): RuntimeTexts {
  return RUNTIME_TEXTS[language as Language] ?? RUNTIME_TEXTS.en;
}
