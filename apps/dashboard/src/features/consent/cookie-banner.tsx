/**
 * The consent banner on the first visit (cookie state `start`): a card at the bottom left
 * that does not block the page. Accept all, Only necessary, or Preferences (the three
 * categories, functional always on) then Save preferences.
 */
import { Button, cn } from "@floow/ui";
import { useId, useState } from "react";
import { saveConsent, useConsent } from "./consent";
import { CookieCategoryToggles } from "./cookie-category-toggles";

export const BANNER_TITLE = "Cookies on Floow";
export const BANNER_TEXT =
  "Floow uses functional cookies to keep you signed in and to remember your choices. With your consent we would also use analytics and marketing cookies; none are set until you agree.";

export function CookieBanner() {
  const consent = useConsent();
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState({ analytics: false, marketing: false });
  const titleId = useId();
  if (consent.state === "done") return null;
  return (
    <section
      role="region"
      aria-labelledby={titleId}
      className={cn(
        "fixed bottom-4 left-4 z-[10001] flex w-[min(26rem,calc(100vw-2rem))] flex-col gap-3 rounded-2xl border border-grey-200 bg-white p-5 shadow-xl",
      )}
    >
      <h2 id={titleId} className="text-sm font-semibold text-grey-900">
        {BANNER_TITLE}
      </h2>
      <p className="text-sm text-grey-600">{BANNER_TEXT}</p>
      {choosing ? <CookieCategoryToggles value={choice} onChange={setChoice} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {choosing ? (
          <Button size="sm" onClick={() => saveConsent(choice)}>
            Save preferences
          </Button>
        ) : (
          <>
            <Button size="sm" variant="ghost" onClick={() => setChoosing(true)}>
              Preferences
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => saveConsent({ analytics: false, marketing: false })}
            >
              Only necessary
            </Button>
            <Button size="sm" onClick={() => saveConsent({ analytics: true, marketing: true })}>
              Accept all
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
