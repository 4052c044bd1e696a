/**
 * Rich text for questions, choices and the start and finish pages: Tiptap's StarterKit,
 * stored as HTML (spec: a step's text is an HTML paragraph). The toolbar keeps to what a
 * floow renders well: bold, italic, a heading and lists.
 *
 * The length limit is the server's (TEXT_LIMITS through the domain schema the caller passes,
 * counted on the stored HTML): past it the field says so in the schema's words and turns red,
 * and keeps everything typed, so nothing is lost while the text is shortened.
 */
import { cn } from "@floow/ui";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef } from "react";
import { BoldIcon, HeadingIcon, ItalicIcon, ListIcon } from "./icons";

/** The domain's schema of the text (`stepSchema.shape.text`): what it refuses shows at the field. */
export interface TextSchema {
  safeParse(
    value: string,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

export function RichText({
  value,
  onChange,
  label,
  placeholder,
  compact = false,
  autoFocus = false,
  id,
  schema,
}: {
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editable area. */
  label: string;
  placeholder?: string;
  compact?: boolean;
  /** Puts the caret in the field when it appears (a choice just added). */
  autoFocus?: boolean;
  id?: string;
  schema?: TextSchema;
}) {
  const errorId = useId();
  const parsed = schema?.safeParse(value);
  const error = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
      }),
    ],
    content: value,
    autofocus: autoFocus ? "end" : false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(id ? { id } : {}),
        "aria-describedby": errorId,
        ...(placeholder ? { "data-placeholder": placeholder } : {}),
        class: cn(
          "rich-text prose-sm max-w-none px-3 py-2 text-sm text-grey-900 focus:outline-none",
          compact ? "min-h-9" : "min-h-24",
        ),
      },
    },
    onUpdate: ({ editor: current }) =>
      onChangeRef.current(current.isEmpty ? "" : current.getHTML()),
  });

  // A value changed from outside (reload, AI suggestion) replaces the content; our own
  // echo does not, or the caret would jump.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // aria-invalid follows the value; the other attributes are set once, in useEditor.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (error) dom.setAttribute("aria-invalid", "true");
    else dom.removeAttribute("aria-invalid");
  }, [editor, error]);

  return (
    <div className="flex flex-col gap-1.5">
      <div
        className={cn(
          "group/rich rounded-lg border bg-white shadow-xs transition-colors focus-within:ring-3",
          error
            ? "border-red-500 focus-within:border-red-500 focus-within:ring-red-500/20"
            : "border-grey-300 focus-within:border-primary-500 focus-within:ring-primary-500/20 hover:border-grey-400",
        )}
      >
        {compact ? null : <Toolbar editor={editor} />}
        {/* A long text scrolls inside the box: the toolbar and the limit message stay in view. */}
        <EditorContent
          editor={editor}
          className={cn("overflow-y-auto", compact ? "max-h-40" : "max-h-64")}
        />
      </div>
      <p id={errorId} role="alert" className="text-xs font-medium text-red-600 empty:hidden">
        {error}
      </p>
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      heading: e?.isActive("heading", { level: 2 }) ?? false,
      list: e?.isActive("bulletList") ?? false,
    }),
  });
  if (!editor) return null;
  const buttons = [
    {
      key: "bold",
      label: "Bold",
      icon: <BoldIcon />,
      active: state?.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: "italic",
      label: "Italic",
      icon: <ItalicIcon />,
      active: state?.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: "heading",
      label: "Heading",
      icon: <HeadingIcon />,
      active: state?.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "list",
      label: "Bullet list",
      icon: <ListIcon />,
      active: state?.list,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
  ];
  return (
    <div
      className="flex items-center gap-0.5 border-b border-grey-100 px-1.5 py-1"
      role="toolbar"
      aria-label="Formatting"
    >
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          title={button.label}
          aria-label={button.label}
          aria-pressed={button.active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.run}
          className={cn(
            "inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-grey-600 transition-colors hover:bg-grey-100 hover:text-grey-900",
            button.active && "bg-grey-100 text-grey-900",
          )}
        >
          {button.icon}
        </button>
      ))}
    </div>
  );
}
