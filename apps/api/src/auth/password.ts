import { PASSWORD_MIN_LENGTH } from "@floow/domain/user";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * Password strength with zxcvbn-ts (common passwords, English words and names, keyboard
 * patterns, dates, repeats). A password must score at least {@link MIN_PASSWORD_SCORE} of 4
 * ("safely unguessable: moderate protection from offline slow-hash scenario") on top of the
 * minimum length; the refusal says why, with zxcvbn's English warning and suggestions.
 */
export const MIN_PASSWORD_SCORE = 3;

let zxcvbn: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded on the first password checked: the dictionaries are tens of megabytes once parsed,
 * which an idle server (and every request that sets no password) should not hold.
 */
function factory(): Promise<ZxcvbnFactory> {
  zxcvbn ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
  })();
  return zxcvbn;
}

/** Why a password is refused, or null when it is accepted. `userInputs`: e-mail, name… */
export async function passwordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 128) return "Password must be at most 128 characters.";
  // zxcvbn's cost grows with the length; the first 100 characters decide.
  const inputs = userInputs
    .flatMap((value) => [value, ...value.split(/[@.\s_-]+/)])
    .filter((value) => value.length >= 3);
  const result = (await factory()).check(password.slice(0, 100), inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (line): line is string => Boolean(line),
  );
  const why =
    reasons.length > 0 ? reasons.join(" ") : "Add more words or characters that are hard to guess.";
  return `This password is too easy to guess. ${why}`;
}
