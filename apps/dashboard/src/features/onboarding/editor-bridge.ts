/**
 * What the guide needs from the open editor (its phase, state, step count and whether the
 * finish page is selected) and the changes it makes there (the editor stage sets the phase
 * to build). The editor publishes with `useOnboardingEditor`; the guide, mounted in the
 * layout outside the editor's context, reads with `useEditorContext`.
 */
import { useEffect, useSyncExternalStore } from "react";
import type { EditorContext, EditorEffect } from "./guide-machine";

type Apply = (effect: EditorEffect) => void;

let current: { context: EditorContext; apply: Apply } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEditorContext(): { context: EditorContext; apply: Apply } | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** In the editor: publishes its state to the guide while it is open. */
export function useOnboardingEditor(context: EditorContext, apply: Apply): void {
  const { phase, state, stepCount, finish } = context;
  useEffect(() => {
    current = { context: { phase, state, stepCount, finish }, apply };
    notify();
  }, [phase, state, stepCount, finish, apply]);
  useEffect(
    () => () => {
      current = null;
      notify();
    },
    [],
  );
}
