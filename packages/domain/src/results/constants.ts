/** At most this many products are returned as a best partial match. */
export const PARTIAL_RESULTS_LIMIT = 12;
