import { useLocation, useNavigate } from "@tanstack/react-router";

/**
 * Tabs kept in the URL hash (spec: /domains/domain#general, /products#feeds,
 * /settings#organization), so a tab can be linked to and survives a reload.
 * The first tab is the default; it has no hash of its own unless `hashDefault` is set.
 */
export function useHashTab<T extends string>(
  tabs: readonly [T, ...T[]],
  options: { hashDefault?: boolean } = {},
) {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const current = (tabs as readonly string[]).includes(hash) ? (hash as T) : tabs[0];
  const setTab = (tab: string) => {
    const isDefault = tab === tabs[0] && !options.hashDefault;
    void navigate({ to: ".", hash: isDefault ? "" : tab, replace: true, resetScroll: false });
  };
  return [current, setTab] as const;
}
