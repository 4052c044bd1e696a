import { Button } from "@floow/ui";
import { useEffect, useState } from "react";
import { RUNNING_BUILD, watchForUpdates } from "./version-check";

export const UPDATE_TITLE = "A new version of Floow is available";
export const UPDATE_TEXT = "Reload to use it. Your saved work stays as it is.";

/** The build-update notice: bottom right, polite (it never takes the focus), with Reload. */
export function UpdateNotice({ running = RUNNING_BUILD }: { running?: string | null }) {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!running) return;
    return watchForUpdates(running, () => setAvailable(true));
  }, [running]);
  if (!available) return null;
  return (
    <div
      role="status"
      className="fixed right-4 bottom-4 z-[10001] flex w-[min(24rem,calc(100vw-2rem))] items-start gap-4 rounded-2xl border border-grey-200 bg-white p-4 shadow-xl"
    >
      <div className="flex flex-1 flex-col gap-0.5">
        <p className="text-sm font-semibold text-grey-900">{UPDATE_TITLE}</p>
        <p className="text-sm text-grey-600">{UPDATE_TEXT}</p>
      </div>
      <Button size="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
