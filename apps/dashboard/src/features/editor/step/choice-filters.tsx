/**
 * The product filters of one choice (a selling floow's step modal, Choices tab): which
 * products a shopper who picks the choice is shown. The model's groups and filters are edited
 * in place through the domain's rules: `addChoiceFilter` (a choice's first filter makes its
 * group), `removeFilter` (the last filter of a group takes the group with it). Nested groups
 * (the model allows them) are shown and edited, but the editor only makes root groups.
 */
import {
  addChoiceFilter,
  DEFAULT_FILTER_CONDITION,
  DEFAULT_GROUP_OPERATOR,
  FILTER_CONDITION_LABELS,
  FILTER_CONDITIONS,
  GROUP_OPERATORS,
  groupsOfChoice,
  NUMERIC_FILTER_CONDITIONS,
  removeFilter,
  VALUELESS_FILTER_CONDITIONS,
} from "@floow/domain/filter";
import { createId, TEXT_LIMITS } from "@floow/domain/shared";
import type { Filter, FilterCondition, FilterGroup, GroupOperator } from "@floow/domain/filter";
import type { Floow } from "@floow/domain/floow";
import { Button, Input, PlusIcon, Select, TrashIcon } from "@floow/ui";
import { useEffect, useId, useState } from "react";
import { useEditor } from "../editor-context";
import { MatchCountBadge } from "../insights";

export const GROUP_OPERATOR_LABELS: Readonly<Record<GroupOperator, string>> = {
  and: "all filters (and)",
  or: "any filter (or)",
};

/** The feed's attribute names, loaded once per feed while a filter editor is open. */
function useFeedFields(feedId: string | null): string[] {
  const { api } = useEditor();
  const [fields, setFields] = useState<{ feedId: string; fields: string[] } | null>(null);
  useEffect(() => {
    if (!feedId) return;
    let live = true;
    api.feedFields(feedId).then(
      (loaded) => live && setFields({ feedId, fields: loaded }),
      // Suggestions are a help only: without them the field is typed freely.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, feedId]);
  return feedId && fields?.feedId === feedId ? fields.fields : [];
}

/** A group's depth below its choice's root group (0 for a root). */
function depthOf(group: FilterGroup, groups: readonly FilterGroup[]): number {
  let depth = 0;
  let parent = groups.find((g) => g.id === group.parentId);
  while (parent && depth < groups.length) {
    depth++;
    const parentId: string | null = parent.parentId;
    parent = groups.find((g) => g.id === parentId);
  }
  return depth;
}

export function ChoiceFilters({ choiceId, label }: { choiceId: string; label: string }) {
  const { floow, updateFloow } = useEditor();
  const fields = useFeedFields(floow.feedId);
  const listId = useId();
  const groups = groupsOfChoice(floow.filterGroups, choiceId);
  const groupIds = new Set(groups.map((g) => g.id));
  const filters = floow.filters.filter((f) => groupIds.has(f.filterGroupId));

  const setFilters = (fn: (f: Floow) => Pick<Floow, "filterGroups" | "filters">) =>
    updateFloow((f) => ({ ...f, ...fn(f) }));
  const addFilter = (filterGroupId?: string) =>
    setFilters((f) =>
      addChoiceFilter(
        f,
        choiceId,
        {
          id: createId(),
          field: "",
          operator: DEFAULT_FILTER_CONDITION,
          value: "",
          ...(filterGroupId ? { filterGroupId } : {}),
        },
        createId(),
      ),
    );
  const addGroup = () => {
    const group: FilterGroup = {
      id: createId(),
      choiceId,
      parentId: null,
      operator: DEFAULT_GROUP_OPERATOR,
    };
    setFilters((f) => ({
      filterGroups: [...f.filterGroups, group],
      filters: [
        ...f.filters,
        {
          id: createId(),
          filterGroupId: group.id,
          field: "",
          operator: DEFAULT_FILTER_CONDITION,
          value: "",
        },
      ],
    }));
  };
  const setFilter = (filterId: string, fn: (filter: Filter) => Filter) =>
    setFilters((f) => ({
      filterGroups: f.filterGroups,
      filters: f.filters.map((x) => (x.id === filterId ? fn(x) : x)),
    }));
  const setOperator = (groupId: string, operator: GroupOperator) =>
    setFilters((f) => ({
      filterGroups: f.filterGroups.map((g) => (g.id === groupId ? { ...g, operator } : g)),
      filters: f.filters,
    }));

  return (
    <section
      aria-label={`Filters of ${label}`}
      className="flex flex-col gap-2 rounded-lg border border-grey-200 bg-white p-3"
      data-testid="choice-filters"
    >
      <div className="flex items-baseline justify-between gap-2">
        <span className="flex items-center gap-2 text-xs font-semibold text-grey-700">
          Product filters
          <MatchCountBadge choiceId={choiceId} />
        </span>
        <span className="text-xs text-grey-500">
          {filters.length === 0
            ? "None: picking this choice does not narrow the products."
            : "Picking this choice shows only products that match."}
        </span>
      </div>
      <datalist id={listId}>
        {fields.map((field) => (
          <option key={field} value={field} />
        ))}
      </datalist>
      {groups.map((group, g) => {
        const own = filters.filter((f) => f.filterGroupId === group.id);
        const depth = depthOf(group, groups);
        return (
          <div
            key={group.id}
            role="group"
            aria-label={`Filter group ${g + 1} of ${label}`}
            className="flex flex-col gap-2 rounded-md border border-dashed border-grey-200 p-2"
            style={depth > 0 ? { marginLeft: `${depth * 1}rem` } : undefined}
          >
            <div className="flex items-center gap-2 text-xs text-grey-600">
              <span>{depth > 0 ? "Nested group: match" : "Match"}</span>
              <Select
                aria-label={`Group ${g + 1} match`}
                className="h-8 w-auto text-xs"
                value={group.operator}
                onChange={(event) => setOperator(group.id, event.target.value as GroupOperator)}
              >
                {GROUP_OPERATORS.map((operator) => (
                  <option key={operator} value={operator}>
                    {GROUP_OPERATOR_LABELS[operator]}
                  </option>
                ))}
              </Select>
            </div>
            {own.map((filter) => (
              <FilterRow
                key={filter.id}
                filter={filter}
                number={filters.indexOf(filter) + 1}
                listId={listId}
                onChange={(fn) => setFilter(filter.id, fn)}
                onRemove={() => setFilters((f) => removeFilter(f, filter.id))}
              />
            ))}
            <Button
              size="sm"
              variant="ghost"
              className="self-start"
              aria-label={`Add filter to group ${g + 1}`}
              onClick={() => addFilter(group.id)}
            >
              <PlusIcon size={14} />
              Add filter
            </Button>
          </div>
        );
      })}
      <div className="flex gap-2">
        {groups.length === 0 ? (
          <Button size="sm" variant="outline" onClick={() => addFilter()}>
            <PlusIcon size={14} />
            Add filter
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={addGroup}>
            <PlusIcon size={14} />
            Add group
          </Button>
        )}
      </div>
      {groups.length > 1 ? <p className="text-xs text-grey-500">Every group must match.</p> : null}
    </section>
  );
}

function FilterRow({
  filter,
  number,
  listId,
  onChange,
  onRemove,
}: {
  filter: Filter;
  number: number;
  listId: string;
  onChange: (fn: (filter: Filter) => Filter) => void;
  onRemove: () => void;
}) {
  const valueless = VALUELESS_FILTER_CONDITIONS.includes(filter.operator);
  const numeric = NUMERIC_FILTER_CONDITIONS.includes(filter.operator);
  return (
    <div className="grid grid-cols-[1fr_1fr_1fr_auto] items-center gap-2" data-testid="filter-row">
      <Input
        aria-label={`Filter ${number} field`}
        className="h-8 text-sm"
        placeholder="Field, e.g. color"
        maxLength={TEXT_LIMITS.key}
        list={listId}
        value={filter.field}
        onChange={(event) => onChange((f) => ({ ...f, field: event.target.value }))}
      />
      <Select
        aria-label={`Filter ${number} condition`}
        className="h-8 text-sm"
        value={filter.operator}
        onChange={(event) =>
          onChange((f) => ({ ...f, operator: event.target.value as FilterCondition }))
        }
      >
        {FILTER_CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {FILTER_CONDITION_LABELS[condition]}
          </option>
        ))}
      </Select>
      {valueless ? (
        // Empty and not empty look at the field only; the value is kept but not used.
        <span className="text-xs text-grey-400">No value needed</span>
      ) : (
        <Input
          aria-label={`Filter ${number} value`}
          className="h-8 text-sm"
          placeholder={numeric ? "A number, e.g. 100" : "Value"}
          inputMode={numeric ? "decimal" : undefined}
          maxLength={TEXT_LIMITS.label}
          value={filter.value}
          onChange={(event) => onChange((f) => ({ ...f, value: event.target.value }))}
        />
      )}
      <Button
        size="icon"
        variant="ghost"
        className="size-7 text-grey-500 hover:text-red-600"
        aria-label={`Delete filter ${number}`}
        onClick={onRemove}
      >
        <TrashIcon size={14} />
      </Button>
    </div>
  );
}
