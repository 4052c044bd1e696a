import { formatDateNl } from "@floow/domain/shared";
import { Badge, ClipboardListIcon, ShoppingBagIcon } from "@floow/ui";
import type { MouseEvent } from "react";
import { editorHref } from "../../lib/selected-floow";
import { FloowActionsMenu } from "./floow-actions-menu";
import {
  languageLabel,
  STATUS_BADGES,
  STATUS_LABELS,
  typeLabel,
  type FloowSummary,
} from "./floow-labels";
import { useOpenInEditor } from "./open-in-editor";

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Columns a phone leaves out (below `sm`): the name's second line says the type, language and
 * domain instead, so name, status and actions fit 390 px without scrolling the table.
 */
const WIDE_ONLY = "hidden sm:table-cell";

/** Floows with their type, status, language, domain and last change (Dutch date). */
export function FloowsTable({
  floows,
  domains,
  showDomain = true,
  deadEnds,
}: {
  floows: readonly FloowSummary[];
  domains: readonly { id: string; name: string }[];
  showDomain?: boolean;
  /** Dead ends per checked selling floow (shown beside the name when there are any). */
  deadEnds?: ReadonlyMap<string, number>;
}) {
  const openInEditor = useOpenInEditor();
  const domainName = (id: string) => domains.find((domain) => domain.id === id)?.name ?? "—";

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-grey-200 bg-white shadow-xs">
      <table className="w-full text-left text-sm" aria-label="Floows">
        <thead>
          <tr className="border-b border-grey-200 bg-grey-50/60 text-xs font-medium tracking-wide text-grey-500 uppercase">
            <th scope="col" className="py-3 pr-3 pl-5 font-medium">
              Name
            </th>
            <th scope="col" className={`${WIDE_ONLY} px-3 py-3 font-medium`}>
              Type
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Status
            </th>
            <th scope="col" className={`${WIDE_ONLY} px-3 py-3 font-medium`}>
              Language
            </th>
            {showDomain ? (
              <th scope="col" className={`${WIDE_ONLY} px-3 py-3 font-medium`}>
                Domain
              </th>
            ) : null}
            <th scope="col" className={`${WIDE_ONLY} px-3 py-3 font-medium`}>
              Updated
            </th>
            <th scope="col" className="py-3 pr-4 pl-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-grey-100">
          {floows.map((floow) => (
            <tr
              key={floow.id}
              className="group transition-colors hover:bg-grey-50/70"
              data-testid="floow-row"
            >
              <td className="w-full max-w-0 py-3 pr-3 pl-5 sm:w-auto sm:max-w-none">
                <a
                  href={editorHref(floow.id)}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    void openInEditor(floow.id);
                  }}
                  className="flex items-center gap-3 font-medium text-grey-900 hover:text-primary-700"
                >
                  <span
                    aria-hidden="true"
                    className={
                      floow.type === "selling"
                        ? "flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700 ring-1 ring-primary-100"
                        : "flex size-8 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700 ring-1 ring-sky-100"
                    }
                  >
                    {floow.type === "selling" ? (
                      <ShoppingBagIcon size={16} />
                    ) : (
                      <ClipboardListIcon size={16} />
                    )}
                  </span>
                  <span className="truncate">{floow.name}</span>
                </a>
                {/* On a phone the hidden columns' facts, under the name. */}
                <p className="mt-0.5 ml-11 truncate text-xs text-grey-500 sm:hidden">
                  {[
                    typeLabel(floow.type),
                    languageLabel(floow.language),
                    showDomain ? domainName(floow.domainId) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {deadEnds?.get(floow.id) ? (
                  <Badge
                    variant="danger"
                    className="mt-1 ml-11"
                    data-testid="floow-dead-ends"
                    title="Paths of answers that end in no product (the editor lists them)"
                  >
                    {deadEnds.get(floow.id) === 1
                      ? "1 dead end"
                      : `${deadEnds.get(floow.id)} dead ends`}
                  </Badge>
                ) : null}
              </td>
              <td className={`${WIDE_ONLY} px-3 py-3 text-grey-700`}>{typeLabel(floow.type)}</td>
              <td className="px-3 py-3 whitespace-nowrap">
                <Badge variant={STATUS_BADGES[floow.status]} dot>
                  {STATUS_LABELS[floow.status]}
                </Badge>
              </td>
              <td className={`${WIDE_ONLY} px-3 py-3 text-grey-700`}>
                {languageLabel(floow.language)}
              </td>
              {showDomain ? (
                <td className={`${WIDE_ONLY} px-3 py-3 text-grey-700`}>
                  {domainName(floow.domainId)}
                </td>
              ) : null}
              <td className={`${WIDE_ONLY} px-3 py-3 text-grey-500 tabular-nums`}>
                {formatDateNl(floow.updatedAt)}
              </td>
              <td className="py-2 pr-4 pl-3 text-right">
                <FloowActionsMenu floow={floow} domains={domains} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
