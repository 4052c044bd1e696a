import type { FilterCondition, GroupOperator } from "./constants";

/** A group of filters attached to a choice; groups nest through `parentId`. */
export interface FilterGroup {
  id: string;
  /** The choice whose selection applies this group (root groups); null for nested groups that inherit it. */
  choiceId: string | null;
  parentId: string | null;
  operator: GroupOperator;
}

/** One comparison of a product attribute (`field`) with a value. */
export interface Filter {
  id: string;
  filterGroupId: string;
  field: string;
  operator: FilterCondition;
  value: string;
}
