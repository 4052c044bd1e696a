import { z } from "zod";
import { TOAST_TIMEOUT_MS } from "../shared/constants";
import { DEFAULT_COOKIE_PREFERENCES } from "./constants";

export const cookiePreferencesSchema = z.object({
  functional: z.boolean().default(DEFAULT_COOKIE_PREFERENCES.functional),
  analytics: z.boolean().default(DEFAULT_COOKIE_PREFERENCES.analytics),
  marketing: z.boolean().default(DEFAULT_COOKIE_PREFERENCES.marketing),
});

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().optional(),
  timeout: z.number().int().min(0).default(TOAST_TIMEOUT_MS),
  callback: z.custom<() => void>((v) => typeof v === "function").optional(),
});
