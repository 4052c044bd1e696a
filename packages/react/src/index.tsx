/**
 * @floow/react: one floow in a React app.
 *
 * ```tsx
 * import { Floow } from "@floow/react";
 * <Floow floowId="FLOOW_ID" apiUrl="https://FLOOW_HOST" />
 * ```
 *
 * It renders an empty `<div>` and mounts the floow in it from an effect (never on the server:
 * @floow/runtime runs in a browser only), and destroys it in the effect's cleanup. Under
 * React's StrictMode (mount, unmount, mount again in development) exactly one floow shows
 * and the first one's listeners and host are gone.
 */
import { useEffect, useRef } from "react";
import type { CSSProperties, ReactElement } from "react";
import { mount } from "@floow/runtime";
import type { EventHandler, FloowInstance, MountOptions } from "@floow/runtime";

export type { FloowEvent, FloowInstance, MountOptions } from "@floow/runtime";

/** `mount`'s options (`floowId` with `apiUrl`, or `floow`), and the wrapper's class and style. */
export type FloowProps = MountOptions & {
  className?: string;
  style?: CSSProperties;
  /** Called with the floow's instance once mounted (and `null` when it goes). */
  onInstance?: (instance: FloowInstance | null) => void;
};

export function Floow({ className, style, onInstance, ...options }: FloowProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  // The latest callbacks, read when called: a new function each render mounts nothing again.
  const latest = useRef({ onEvent: options.onEvent, results: options.results, onInstance });
  latest.current = { onEvent: options.onEvent, results: options.results, onInstance };
  const { floowId, apiUrl, floow, domain, container, language, device, open, history, view } =
    options;
  const preview = options.preview;

  useEffect(() => {
    const onEvent: EventHandler = (event) => latest.current.onEvent?.(event);
    const instance = mount(ref.current!, {
      ...options,
      onEvent,
      results: latest.current.results && ((ids) => latest.current.results!(ids)),
    } as MountOptions);
    latest.current.onInstance?.(instance);
    return () => {
      instance.destroy();
      latest.current.onInstance?.(null);
    };
    // Mounted again when what it shows changes; callbacks are read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [floowId, apiUrl, floow, domain, container, language, device, open, history, view, preview]);

  return <div ref={ref} className={className} style={style} />;
}
