export interface CookiePreferences {
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

/** A toast. */
export interface Notification {
  /** From the time of creation (ms), unique within the page. */
  id: number;
  title: string;
  description?: string;
  /** Auto-dismiss after this many ms. */
  timeout: number;
  callback?: () => void;
}
