import type { FloowStatus, FloowType } from "../floow/constants";

/** The headline figures of a range (rates 0–1, null when there is nothing to divide by). */
export interface AnalyticsTotals {
  /** mount events. */
  views: number;
  /** Distinct shopper sessions (a session counts on the day it began). */
  sessions: number;
  /** start events, and the sessions that started. */
  starts: number;
  startedSessions: number;
  /** Sessions that started ÷ sessions. */
  startRate: number | null;
  /** finish events, and the sessions that finished. */
  completions: number;
  completedSessions: number;
  /** Sessions that finished ÷ sessions that started. */
  completionRate: number | null;
  /** product events (a result's button followed), and the sessions that clicked one. */
  clicks: number;
  clickedSessions: number;
  /** Sessions that clicked a product ÷ sessions that finished. */
  clickThroughRate: number | null;
}

export interface AnalyticsDay {
  /** `YYYY-MM-DD` in Europe/Amsterdam. */
  day: string;
  views: number;
  sessions: number;
  starts: number;
  completions: number;
  clicks: number;
}

/**
 * Money of one currency (docs/analytics.md "Revenue"): orders keep their currency and are never
 * converted, so revenue is a list, euro first.
 */
export interface RevenueAmount {
  /** ISO 4217, upper case. */
  currency: string;
  /** The orders' whole value: influenced + assisted. */
  total: number;
  /** The part of the orders the floow showed or the shopper clicked. */
  influenced: number;
  /** The rest of the orders. */
  assisted: number;
}

/** The orders attributed to floow sessions in a range, and what they are worth. */
export interface RevenueTotals {
  orders: number;
  revenue: RevenueAmount[];
  /** Orders ÷ the range's sessions (null without sessions). */
  conversionRate: number | null;
  /** Per currency, the revenue ÷ the range's sessions (empty without sessions or orders). */
  revenuePerSession: { currency: string; amount: number }[];
}

export interface AnalyticsPeriod {
  from: string;
  to: string;
  totals: AnalyticsTotals;
  /** Orders and revenue (attributed orders placed in the period; docs/analytics.md "Revenue"). */
  revenue: RevenueTotals;
}

export interface AnalyticsFloowRow {
  id: string;
  name: string;
  status: FloowStatus;
  type: FloowType;
  views: number;
  starts: number;
  completions: number;
  clickThroughRate: number | null;
  /** Orders attributed to the floow in the range, and their revenue per currency. */
  orders: number;
  revenue: RevenueAmount[];
}

/** `analytics.overview`. */
export interface AnalyticsOverview {
  current: AnalyticsPeriod;
  /** The period of the same length just before. */
  previous: AnalyticsPeriod;
  days: AnalyticsDay[];
  floows: AnalyticsFloowRow[];
}

/** A step of the funnel: sessions that answered it, and those whose last answer it was. */
export interface FunnelStep {
  /** null: the start page (sessions that started and answered nothing). */
  stepId: string | null;
  text: string;
  reached: number;
  /** Sessions that did not finish and whose last answer was this step (the start page: no answer). */
  left: number;
  /** left ÷ reached. */
  dropOff: number | null;
}

export interface ChoiceCount {
  choiceId: string;
  text: string;
  sessions: number;
  /** Orders of the sessions that picked it, and their revenue per currency ("revenue by answer"). */
  orders: number;
  revenue: RevenueAmount[];
}

export interface StepChoices {
  stepId: string;
  text: string;
  /** Sessions that picked something in this step. */
  sessions: number;
  choices: ChoiceCount[];
}

export interface FormInputCompletion {
  stepId: string;
  inputId: string;
  text: string;
  type: string;
  /** Sessions that submitted the input's form step, and those that filled it in. */
  submitted: number;
  filled: number;
  completion: number | null;
}

export interface ProductResult {
  id: string;
  name: string;
  price: number | null;
  /** Finish pages that showed it, and clicks on it. */
  shown: number;
  clicks: number;
  clickThroughRate: number | null;
  /** Orders of the sessions that clicked it (after the click), and their revenue per currency. */
  orders: number;
  revenue: RevenueAmount[];
}

export interface ProductResults {
  /** Finish events that carried results, and those that were a best partial match. */
  resultPages: number;
  partialPages: number;
  partialShare: number | null;
  products: ProductResult[];
}

export interface SessionShare {
  key: string;
  sessions: number;
}

/** `analytics.floow`. */
export interface FloowAnalytics extends Omit<AnalyticsOverview, "floows"> {
  floow: { id: string; name: string; status: FloowStatus; type: FloowType };
  funnel: FunnelStep[];
  choices: StepChoices[];
  formInputs: FormInputCompletion[];
  results: ProductResults;
  devices: SessionShare[];
  languages: SessionShare[];
}

/** `analytics.settings`. */
export interface AnalyticsSettingsView {
  retentionMonths: number;
}

/** `analytics.eraseShopper`: what was erased. */
export interface ShopperErasure {
  events: number;
  sessions: number;
}
