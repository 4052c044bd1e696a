/**
 * The preview: the floow rendered by @floow/runtime itself (the renderer shoppers get), in a
 * mobile or desktop frame at the editor's scale. The editor never renders floows on its own.
 */
import type { Domain } from "@floow/domain/domain";
import type { Floow } from "@floow/domain/floow";
import type { PublicResults } from "@floow/domain/public";
import type { Device } from "@floow/domain/shared";
import { cn } from "@floow/ui";
import { mount } from "@floow/runtime";
import type { FloowInstance, View } from "@floow/runtime";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

/** Frame widths in px: a common phone and a laptop viewport. */
export const DEVICE_WIDTHS: Readonly<Record<Device, number>> = { mobile: 390, desktop: 1024 };
const DEVICE_HEIGHTS: Readonly<Record<Device, number>> = { mobile: 720, desktop: 640 };

/**
 * The content width of the element's parent (the canvas the frame scrolls in), kept up to
 * date as it resizes; 0 until measured (and where layout does not exist, as in tests).
 */
function useAvailableWidth(): [(element: HTMLElement | null) => void, number] {
  const [available, setAvailable] = useState(0);
  const [parent, setParent] = useState<HTMLElement | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => setParent(element?.parentElement ?? null),
    [],
  );
  useEffect(() => {
    if (!parent) return;
    const measure = () => {
      const style = getComputedStyle(parent);
      setAvailable(
        parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    return () => observer.disconnect();
  }, [parent]);
  return [ref, available];
}

export function DeviceFrame({
  device,
  scale,
  children,
}: {
  device: Device;
  scale: number;
  children: ReactNode;
}) {
  const width = DEVICE_WIDTHS[device];
  const height = DEVICE_HEIGHTS[device];
  const [measureRef, available] = useAvailableWidth();
  // Fit to width: at 100 % the frame is as wide as the canvas allows (never wider than its
  // own size, so a 1024 px desktop fits a 1440 px screen); the zoom buttons scale from there.
  const fit = available > 0 ? Math.min(1, available / width) : 1;
  const factor = (scale / 100) * fit;
  return (
    <div
      ref={measureRef}
      data-fit={fit.toFixed(2)}
      className="mx-auto flex justify-center"
      style={{ width: width * factor, height: height * factor }}
    >
      <div
        data-testid="device-frame"
        data-device={device}
        className={cn(
          "origin-top-left overflow-hidden bg-white shadow-xl ring-1 ring-grey-200",
          device === "mobile" ? "rounded-[2.25rem] border-[10px] border-grey-900" : "rounded-xl",
        )}
        style={{ width, height, transform: `scale(${factor})` }}
      >
        {device === "desktop" ? (
          <div className="flex h-8 items-center gap-1.5 border-b border-grey-200 bg-grey-50 px-3">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-green-300" />
          </div>
        ) : null}
        <div className="relative h-full overflow-auto">{children}</div>
      </div>
    </div>
  );
}

export type PreviewTarget = View;

/** What the preview shows when its results call fails: the finish page's placeholder. */
const NO_RESULTS: PublicResults = { products: [], partial: false };

/** After an edit of the filters, the finish page asks again once the typing pauses. */
const RESULTS_REFRESH_MS = 400;

/**
 * Mounts @floow/runtime into the frame with `preview: true` (no data layer, no server
 * events, a dialog floow shown open inside the frame) and passes every edit to it. Results
 * come from `results` (the editor's `floow.previewResults`), always for the floow as it is
 * now, so a floow in development and unsaved filters show their products; choosing the
 * finish page asks with no selections, and an edit of the filters while the finish page is
 * chosen asks again.
 */
export function RuntimePreview({
  floow,
  domain,
  device,
  target,
  results,
}: {
  floow: Floow;
  domain: Domain | null;
  device: Device;
  target: PreviewTarget;
  results: (floow: Floow, choiceIds: string[]) => Promise<PublicResults>;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<FloowInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const targetKey = target.kind === "step" ? `step:${target.stepId}` : target.kind;
  const latest = useRef({ floow, domain, device, target, results });
  latest.current = { floow, domain, device, target, results };
  const filtersKey = JSON.stringify([floow.filterGroups, floow.filters, floow.feedId]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const current = latest.current;
    try {
      instanceRef.current = mount(host, {
        floow: current.floow,
        domain: current.domain,
        device: current.device,
        view: current.target,
        preview: true,
        // Read at call time: the floow as edited since the mount, unsaved changes included.
        results: (choiceIds) =>
          latest.current.results(latest.current.floow, choiceIds).catch(() => NO_RESULTS),
      });
    } catch {
      setFailed(true);
    }
    return () => {
      instanceRef.current?.destroy();
      instanceRef.current = null;
    };
  }, []);

  useEffect(() => {
    instanceRef.current?.update({ floow, domain, device });
  }, [floow, domain, device]);

  useEffect(() => {
    instanceRef.current?.update({ view: latest.current.target });
  }, [targetKey]);

  // The finish page shows the results of the filters as edited: after a change, ask again.
  const shownFilters = useRef(filtersKey);
  useEffect(() => {
    if (shownFilters.current === filtersKey) return;
    shownFilters.current = filtersKey;
    if (latest.current.target.kind !== "finish") return;
    const timer = setTimeout(
      () => instanceRef.current?.update({ view: { kind: "finish" } }),
      RESULTS_REFRESH_MS,
    );
    return () => clearTimeout(timer);
  }, [filtersKey]);

  if (failed) {
    return (
      <div className="flex h-full items-center justify-center p-8 text-center text-sm text-grey-500">
        The preview could not be shown.
      </div>
    );
  }
  return <div ref={hostRef} className="min-h-full" data-testid="runtime-preview" />;
}
