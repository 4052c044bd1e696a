import { createFloow } from "@floow/domain/floow";
import { Toaster } from "@floow/ui";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { EditorApi } from "../editor-api";
import { EditorProvider } from "../editor-context";
import { fakeEditorApi } from "../../../test/fake-editor-api";
import { FloowImageField } from "./floow-image-field";

function setup(upload: EditorApi["uploadImage"]) {
  const onChange = vi.fn();
  const api = fakeEditorApi({ uploadImage: upload });
  render(
    <EditorProvider
      initial={{ ...createFloow("selling", { id: "f1", domainId: "d1" }), version: 1 }}
      domain={null}
      api={api}
    >
      <FloowImageField label="Question image" value={null} onChange={onChange} />
      <Toaster />
    </EditorProvider>,
  );
  return { onChange };
}

const file = new File(["png"], "shoe.png", { type: "image/png" });

describe("image upload", () => {
  it("stores the uploaded url and says so", async () => {
    const { onChange } = setup(async () => "/blobs/abc");
    await userEvent.upload(screen.getByLabelText("Question image"), file);
    expect(await screen.findByText("Image uploaded")).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith("/blobs/abc");
  });

  it("shows the spec's failure toast and keeps the old image", async () => {
    const { onChange } = setup(() => Promise.reject(new Error("413")));
    await userEvent.upload(screen.getByLabelText("Question image"), file);
    expect(await screen.findByText("Something went wrong uploading the image")).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
