/**
 * /settings, Personal tab: the cookie preferences (changeable at any time after the banner)
 * and the onboarding guide, off or on again.
 */
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Switch,
  toast,
} from "@floow/ui";
import { useState } from "react";
import { saveConsent, useConsent } from "../consent/consent";
import { CookieCategoryToggles } from "../consent/cookie-category-toggles";
import { setOnboardingDisabled, useOnboardingRecord } from "../onboarding/onboarding-record";

export const PREFERENCES_SAVED_TOAST = "Cookie preferences saved";

export function PrivacyAndGuideSection() {
  const consent = useConsent();
  const record = useOnboardingRecord();
  const [choice, setChoice] = useState({
    analytics: consent.analytics,
    marketing: consent.marketing,
  });
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Cookie preferences</CardTitle>
          <CardDescription>
            Functional cookies are always on. Analytics and marketing cookies only with your
            consent.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CookieCategoryToggles value={choice} onChange={setChoice} />
          <div>
            <Button
              onClick={() => {
                saveConsent(choice);
                toast(PREFERENCES_SAVED_TOAST);
              }}
            >
              Save preferences
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Onboarding guide</CardTitle>
          <CardDescription>
            The guided tour that shows you around Floow. It continues where you left it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Switch
            label="Show the onboarding guide"
            labelPosition="end"
            checked={!record.disabled}
            onCheckedChange={(checked) => setOnboardingDisabled(!checked)}
          />
        </CardContent>
      </Card>
    </>
  );
}
