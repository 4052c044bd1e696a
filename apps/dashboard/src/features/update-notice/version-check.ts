/**
 * Noticing a new build (spec: the application polls a build manifest; the interval is ours):
 * `/version.json` (written by the build, sent with no-cache and fetched with no-store) is
 * read every 5 minutes and whenever the tab becomes visible again; once its build differs
 * from the running one, the notice offers Reload. Failed reads are ignored (offline, a
 * deploy in progress): the next check tries again.
 */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const MANIFEST_URL = "/version.json";

export const RUNNING_BUILD: string | null =
  typeof __FLOOW_BUILD__ === "string" ? __FLOOW_BUILD__ : null;

/** The build the server has now, or null when it cannot be read. */
export async function fetchLatestBuild(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(MANIFEST_URL, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return null;
    const body = (await response.json()) as { build?: unknown };
    return typeof body.build === "string" && body.build !== "" ? body.build : null;
  } catch {
    return null;
  }
}

/**
 * Checks now and then on the interval and on visibility; calls `onUpdate` once when the
 * server's build is another than `running`. Returns the stop function.
 */
export function watchForUpdates(
  running: string,
  onUpdate: (build: string) => void,
  options: { interval?: number; fetcher?: typeof fetch } = {},
): () => void {
  let stopped = false;
  const check = async () => {
    if (stopped) return;
    const latest = await fetchLatestBuild(options.fetcher);
    if (!stopped && latest && latest !== running) {
      stop();
      onUpdate(latest);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const timer = window.setInterval(
    () => void check(),
    options.interval ?? UPDATE_CHECK_INTERVAL_MS,
  );
  document.addEventListener("visibilitychange", onVisible);
  const stop = () => {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
  return stop;
}
