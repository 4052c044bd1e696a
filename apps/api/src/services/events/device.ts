import { detectOs } from "@floow/domain/shared";
import type { EventDevice } from "../../db/queries/event";

/** The browser's preferred language (`nl`, `en`, …) from Accept-Language, or unknown. */
export function preferredLanguage(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const primary = first.split("-")[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : "unknown";
}

/**
 * The shopper's operating system (spec section 3: windows, mac, unix, linux, unknown) and
 * language, from the request that posted the events: the runtime posts from the shopper's browser.
 */
export function eventDevice(headers: {
  "user-agent"?: string;
  "accept-language"?: string | string[];
}): EventDevice {
  const language = headers["accept-language"];
  return {
    os: detectOs(headers["user-agent"]),
    language: preferredLanguage(Array.isArray(language) ? language[0] : language),
  };
}
