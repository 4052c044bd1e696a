/**
 * The editor's store for its components: the reducer, autosave and the user-facing actions
 * with their spec toasts. Autosave toast policy (docs/editor.md): background saves show a
 * quiet status in the toolbar (a toast on every keystroke pause would be noise); the toast
 * `Floow saved` is for an explicit save (button or Ctrl/⌘+S), and every failure toasts.
 */
import { TOASTS } from "@floow/domain/messages";
import type { Domain } from "@floow/domain/domain";
import type { StyleScope } from "./state";
import type { Floow, Step, StepStyle, VersionedFloow } from "@floow/domain/floow";
import type { Trigger } from "@floow/domain/trigger";
import { toast } from "@floow/ui";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { badRequestMessage, isConflict, refusalOf } from "../../lib/trpc-errors";
import type { EditorApi } from "./editor-api";
import {
  createAutosave,
  createEditorModel,
  editorReducer,
  isTriggerIndex,
  mergeServerCopy,
  serverChanged,
} from "./state";
import type { Autosave, EditorAction, EditorModel, EditorUi, SaveStatus } from "./state";

export type TriggerSaveResult = "saved" | "failed" | "conflict";

export interface EditorContextValue {
  model: EditorModel;
  floow: Floow;
  domain: Domain | null;
  api: EditorApi;
  dispatch: (action: EditorAction) => void;
  saveStatus: SaveStatus;
  setUi: (patch: Partial<EditorUi>) => void;
  updateFloow: (update: (floow: Floow) => Floow) => void;
  updateStep: (stepId: string, update: (step: Step) => Step) => void;
  addStep: () => void;
  duplicateStep: (stepId: string) => void;
  deleteStep: (stepId: string) => void;
  /** Adds a trigger and saves the floow; "failed" leaves the floow without it. */
  addTrigger: (trigger: Trigger) => Promise<TriggerSaveResult>;
  deleteTrigger: (index: unknown) => void;
  applyStyle: (scope: StyleScope, style: StepStyle) => void;
  appendSteps: (steps: Step[]) => void;
  save: () => Promise<boolean>;
  /** Saves what is pending (no toast): true when the server has the draft as shown. */
  flush: () => Promise<boolean>;
  /** Publishes the saved draft as the next version (with the note); true when it went live. */
  publish: (note?: string) => Promise<boolean>;
  publishing: boolean;
  /** A version went live again (rollback): the floow is live, the draft as it was. */
  markLive: () => void;
  /** The server's draft replaces the editor's (restore a version into the draft). */
  replaceDraft: (server: VersionedFloow) => void;
  /** After a conflict: take the server's copy (local edits since the last save are dropped). */
  reload: () => Promise<void>;
  /** After a conflict: save the local copy over the server's, explicitly. */
  overwrite: () => Promise<void>;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor must be used inside <EditorProvider>");
  return value;
}

export function EditorProvider({
  initial,
  domain,
  api,
  initialUi,
  children,
}: {
  initial: VersionedFloow;
  domain: Domain | null;
  api: EditorApi;
  initialUi?: Partial<EditorUi>;
  children: ReactNode;
}) {
  const [model, dispatch] = useReducer(editorReducer, undefined, () => {
    const { version: _version, ...floow } = initial;
    return createEditorModel(floow, initialUi);
  });
  const [saveStatus, setSaveStatus] = useState<SaveStatus>("idle");
  const [publishing, setPublishing] = useState(false);
  /** The floow as last handed to autosave (or loaded): an equal floow needs no save. */
  const knownRef = useRef<string>(JSON.stringify(model.floow));
  const autosaveRef = useRef<Autosave<Floow> | null>(null);
  const modelRef = useRef(model);
  modelRef.current = model;

  if (autosaveRef.current === null) {
    autosaveRef.current = createAutosave<Floow>({
      version: initial.version,
      save: async (floow, version) => {
        const saved = await api.saveFloow(floow, version);
        const { version: next, ...server } = saved;
        // The server may have kept something else (an empty name is `New Floow`, a data
        // floow has no feed): show its copy, keeping what was typed while the save ran.
        if (serverChanged(floow, server)) {
          // Nothing newer handed to autosave: the merged copy is the saved one, no new save.
          if (knownRef.current === JSON.stringify(floow)) {
            knownRef.current = JSON.stringify(mergeServerCopy(floow, server, floow));
          }
          dispatch({ type: "floow/saved", sent: floow, server });
        }
        return next;
      },
      isConflict,
      isInvalid: (error) => badRequestMessage(error) !== undefined,
      onStatus: setSaveStatus,
      onError: (error, kind) => {
        // The conflict has its own dialog; a failed background save toasts once and retries;
        // a refused one (a field over its limit) says why once and waits for the next change.
        if (kind === "error") toast.error(TOASTS.failure.floowSave);
        if (kind === "invalid") toast.error(badRequestMessage(error) ?? TOASTS.failure.floowSave);
      },
    });
  }
  const autosave = autosaveRef.current;

  useEffect(() => {
    const json = JSON.stringify(model.floow);
    if (json === knownRef.current) return;
    knownRef.current = json;
    autosave.change(model.floow);
  }, [model.floow, autosave]);

  // Leaving the editor: save what is pending; closing the tab with unsaved work: ask first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosave.hasPending) return;
      void autosave.flush();
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      void autosave.flush();
    };
  }, [autosave]);

  const save = useCallback(async () => {
    const ok = await autosave.flush();
    if (ok) toast.success(TOASTS.success.floowSave);
    else if (autosave.status !== "conflict") toast.error(TOASTS.failure.floowSave);
    return ok;
  }, [autosave]);

  const replaceWith = useCallback(
    (server: VersionedFloow) => {
      const { version, ...floow } = server;
      knownRef.current = JSON.stringify(floow);
      autosave.reset(version);
      dispatch({ type: "floow/replace", floow });
    },
    [autosave],
  );

  // The status is the floow row's, not the draft's content: no save follows.
  const markLive = useCallback(() => {
    const live = { ...modelRef.current.floow, status: "live" as const };
    knownRef.current = JSON.stringify(live);
    dispatch({ type: "floow/update", update: (f) => ({ ...f, status: "live" }) });
  }, []);

  const value = useMemo<EditorContextValue>(() => {
    const { floow } = model;
    return {
      model,
      floow,
      domain,
      api,
      dispatch,
      saveStatus,
      publishing,
      setUi: (patch) => dispatch({ type: "ui/set", patch }),
      updateFloow: (update) => dispatch({ type: "floow/update", update }),
      updateStep: (stepId, update) => dispatch({ type: "step/update", stepId, update }),
      addStep: () => {
        dispatch({ type: "step/add" });
        toast.success(TOASTS.success.stepAdd);
      },
      duplicateStep: (stepId) => {
        dispatch({ type: "step/duplicate", stepId });
        toast.success(TOASTS.success.stepDuplicate);
      },
      deleteStep: (stepId) => {
        dispatch({ type: "step/delete", stepId });
        toast.success(TOASTS.success.stepDelete);
      },
      appendSteps: (steps) => dispatch({ type: "steps/append", steps }),
      addTrigger: async (trigger) => {
        // Spec section 4: Create saves the trigger onto the floow, then saves the floow (now,
        // not debounced). A saved floow is the spec's `Floow saved` (it has no trigger toast).
        const action: EditorAction = { type: "trigger/add", trigger };
        const next = editorReducer(model, action).floow;
        knownRef.current = JSON.stringify(next);
        autosave.change(next);
        dispatch(action);
        const ok = await autosave.flush();
        if (ok) {
          toast.success(TOASTS.success.floowSave);
          return "saved";
        }
        // A conflict has its own dialog; the trigger stays for Overwrite (Reload drops it).
        if (autosave.status === "conflict") return "conflict";
        // Not saved: the trigger is taken back (the retry must not save it behind the
        // user's back) and the dialog stays open with the form, to try again.
        toast.error(TOASTS.failure.floowSave);
        dispatch({
          type: "floow/update",
          update: (f) => ({ ...f, triggers: f.triggers.filter((t) => t.id !== trigger.id) }),
        });
        return "failed";
      },
      deleteTrigger: (index) => {
        if (!isTriggerIndex(floow.triggers, index)) {
          toast.error(TOASTS.failure.triggerDelete);
          return;
        }
        dispatch({ type: "trigger/delete", index });
        toast.success(TOASTS.success.triggerDelete);
      },
      applyStyle: (scope, style) => {
        dispatch({ type: "style/apply", scope, device: model.ui.device, style });
        toast.success(
          scope === "all" ? TOASTS.success.styleAppliedAll : TOASTS.success.styleAppliedCurrent,
        );
      },
      save,
      flush: () => autosave.flush(),
      publish: async (note) => {
        setPublishing(true);
        try {
          // Publish what the user sees: pending edits go first.
          const saved = await autosave.flush();
          if (!saved) throw new Error("unsaved changes");
          await api.publishFloow(floow.id, note);
          markLive();
          toast.success(TOASTS.success.floowPublish);
          return true;
        } catch (error) {
          // The server's check refuses a draft with errors: say why under the spec's text.
          const reason = refusalOf(error);
          toast.error(TOASTS.failure.floowPublish, reason ? { description: reason } : undefined);
          return false;
        } finally {
          setPublishing(false);
        }
      },
      markLive,
      replaceDraft: replaceWith,
      reload: async () => {
        try {
          // The local edits since the last save were based on the old copy: they are dropped.
          replaceWith(await api.fetchFloow(floow.id));
        } catch {
          toast.error(TOASTS.failure.floowSave);
        }
      },
      overwrite: async () => {
        try {
          const server = await api.fetchFloow(floow.id);
          autosave.setVersion(server.version);
          autosave.resume();
          autosave.change(model.floow);
          await save();
        } catch {
          toast.error(TOASTS.failure.floowSave);
        }
      },
    };
  }, [model, domain, api, saveStatus, publishing, autosave, save, replaceWith, markLive]);

  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}
