/**
 * The browser's Back button on a page that is only a floow (the hosted page `/floow/{id}`,
 * `mount(…, { history: true })`): each new page of the floow is an entry in the tab's
 * history (same URL), so Back goes to the previous question as the floow's own Back does,
 * and the floow's own Back goes back an entry too. Forward is not replayed (an answer is
 * given again). Not in the script-tag renderer: on a merchant's page, Back is the page's.
 */
import type { Flow } from "./flow";

export interface HistoryFollower {
  /** The floow shows a page (a view's key): a new entry, or the entry before. */
  track(key: string): void;
  stop(): void;
}

export function followHistory(flow: () => Flow | undefined): HistoryFollower {
  /** The pages the entries stand for, the current one last. */
  const pages: string[] = [];
  /** A move made here (its popstate is not the visitor's). */
  let ownMove = false;
  let syncing = false;
  const onPop = (event: PopStateEvent) => {
    if (ownMove) return void (ownMove = false);
    const depth = (event.state as { floowDepth?: number } | null)?.floowDepth ?? 0;
    syncing = true;
    while (pages.length - 1 > depth && flow()?.canGoBack()) {
      pages.pop();
      flow()!.back();
    }
    syncing = false;
    pages.length = Math.min(pages.length, depth + 1);
  };
  return {
    track(key) {
      if (syncing) return;
      if (!pages[0]) {
        pages.push(key);
        addEventListener("popstate", onPop);
      } else if (pages.at(-2) === key) {
        pages.pop();
        ownMove = true;
        history.back();
      } else {
        pages.push(key);
        // The router's own state (the dashboard's) is kept beside the floow's depth.
        history.pushState({ ...(history.state as object), floowDepth: pages.length - 1 }, "");
      }
    },
    stop() {
      removeEventListener("popstate", onPop);
    },
  };
}
