import { createFloow } from "@floow/domain/floow";
import type { EditorApi } from "../features/editor/editor-api";

/**
 * An editor API for component tests: saves succeed (the version goes up), nothing is sent
 * anywhere. Pass what a test needs to watch or change.
 */
export function fakeEditorApi(overrides: Partial<EditorApi> = {}): EditorApi {
  return {
    saveFloow: async (floow, version) => ({ ...floow, version: version + 1 }),
    publishFloow: async (id) => ({ ...createFloow(), id, status: "live", version: 1 }),
    uploadImage: async () => "/blobs/x",
    suggest: null,
    fetchFloow: async () => ({ ...createFloow(), version: 1 }),
    previewResults: async () => ({ products: [], partial: false }),
    feedFields: async () => [],
    ...overrides,
  };
}
