/**
 * The page-wide API shared by the npm module and the script-tag renderer: open a floow by
 * id, listen to every floow's events, tear everything down.
 */
import { controllers } from "./auto";
import type { EventFilter, EventHandler } from "./events";
import { closeQueues, defaultApiUrl, instances, listeners, mountFloow } from "./mount";
import type { FloowInstance, MountSettings } from "./mount";

/**
 * Opens a floow: a mounted one (its dialog, or scrolls an embedded one into view), one of a
 * `mount({ domainId })` or of the script tag, or else fetches it and shows it as a dialog.
 */
export function open(
  floowId: string,
  options: Omit<MountSettings, "floowId"> = {},
): FloowInstance | undefined {
  for (const instance of instances) {
    if (instance.floowId === floowId) {
      instance.open();
      return instance;
    }
  }
  const [controller] = controllers;
  if (controller && !options.floow) {
    controller.show(floowId);
    return undefined;
  }
  const apiUrl = options.apiUrl ?? defaultApiUrl();
  if (!__SCRIPT_TAG__ && !options.floow && !apiUrl)
    throw new TypeError("open: pass `apiUrl` (no floow was mounted yet)");
  return mountFloow(null, { ...options, apiUrl, floowId, open: true });
}

/** Listens to the events of every floow (`"*"`: all types); returns the unsubscribe. */
export function on(type: EventFilter, handler: EventHandler): () => void {
  return listeners.on(type, handler);
}

/** Removes every floow, stops the triggers, sends the queued events and drops the listeners. */
export function destroy(): void {
  for (const controller of [...controllers]) controller.destroy();
  for (const instance of [...instances]) instance.destroy();
  closeQueues();
  listeners.clear();
}

/** The package version. */
export const version: string = __VERSION__;
