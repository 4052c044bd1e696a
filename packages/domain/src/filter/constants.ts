export const GROUP_OPERATORS = ["and", "or"] as const;
export type GroupOperator = (typeof GROUP_OPERATORS)[number];
export const DEFAULT_GROUP_OPERATOR: GroupOperator = "and";

export const FILTER_CONDITIONS = [
  "equals",
  "notEquals",
  "contains",
  "notContains",
  "empty",
  "notEmpty",
  "greaterThan",
  "greaterThanOrEquals",
  "lessThan",
  "lessThanOrEquals",
] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];
export const DEFAULT_FILTER_CONDITION: FilterCondition = "equals";

/** Conditions that ignore the filter's value. */
export const VALUELESS_FILTER_CONDITIONS: readonly FilterCondition[] = ["empty", "notEmpty"];
/** Conditions that compare numbers only. */
export const NUMERIC_FILTER_CONDITIONS: readonly FilterCondition[] = [
  "greaterThan",
  "greaterThanOrEquals",
  "lessThan",
  "lessThanOrEquals",
];

export const FILTER_CONDITION_LABELS: Readonly<Record<FilterCondition, string>> = {
  equals: "Equals",
  notEquals: "Does not equal",
  contains: "Contains",
  notContains: "Does not contain",
  empty: "Is empty",
  notEmpty: "Is not empty",
  greaterThan: "Greater than",
  greaterThanOrEquals: "Greater than or equals",
  lessThan: "Less than",
  lessThanOrEquals: "Less than or equals",
};
