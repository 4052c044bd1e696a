/**
 * The floow phase: settings in two categories, General and Buttons (spec section 2).
 */
import { SETTINGS_CATEGORIES } from "../state";
import {
  BUTTON_ANIMATIONS,
  BUTTON_ICONS,
  BUTTON_VARIANTS,
  CONTAINER_TYPES,
  FLOOW_BUTTON_KEYS,
  ICON_POSITIONS,
  PROGRESS_DIRECTIONS,
  PROGRESS_TYPES,
} from "@floow/domain/floow";
import {
  BUTTON_SIZES,
  LANGUAGE_LABELS,
  LANGUAGES,
  PADDING_SIZES,
  RADIUS_SIZES,
  TEXT_LIMITS,
} from "@floow/domain/shared";
import { VALIDATION_MESSAGES } from "@floow/domain/validation";
import type { Floow, FloowButton, FloowButtonKey } from "@floow/domain/floow";
import { Input } from "@floow/ui";
import { useId } from "react";
import { useEditor } from "../editor-context";
import { FloowFeedSection } from "../feed";
import {
  ColorRow,
  PanelSection,
  Row,
  Segmented,
  SelectRow,
  SizeRow,
  Switch,
  TextRow,
  useNameDraft,
} from "../shared";

export function SettingsPanel() {
  const { model, setUi } = useEditor();
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-grey-100 px-5 py-3">
        <Segmented
          label="Settings category"
          value={model.ui.settingsCategory}
          onChange={(settingsCategory) => setUi({ settingsCategory })}
          options={SETTINGS_CATEGORIES.map((category) => ({ value: category, label: category }))}
          className="flex w-full [&>button]:flex-1"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {model.ui.settingsCategory === "General" ? (
          <>
            <GeneralSettings />
            <FloowFeedSection />
          </>
        ) : (
          <ButtonSettings />
        )}
      </div>
    </div>
  );
}

/**
 * The floow's name. A floow always has one (the server turns an empty name into `New
 * Floow`), so an emptied field says so with the Create Floow message and is not saved;
 * leaving it empty puts the saved name back.
 */
export function NameRow({ name, onChange }: { name: string; onChange: (name: string) => void }) {
  const id = useId();
  const { draft, empty, change, blur } = useNameDraft(name, onChange);
  return (
    <div className="flex flex-col gap-1">
      <Row label="Name" htmlFor={id}>
        <Input
          id={id}
          className="h-9"
          maxLength={TEXT_LIMITS.name}
          value={draft}
          aria-invalid={empty || undefined}
          aria-describedby={empty ? `${id}-error` : undefined}
          onChange={(event) => change(event.target.value)}
          onBlur={blur}
        />
      </Row>
      {empty ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="pl-[8.25rem] text-xs font-medium text-red-600"
        >
          {VALIDATION_MESSAGES.floow.nameRequired}
        </p>
      ) : null}
    </div>
  );
}

/** The General category (also rendered alone in tests). */
export function GeneralSettings() {
  const { floow, updateFloow } = useEditor();
  const set = (patch: Partial<Floow>) => updateFloow((f) => ({ ...f, ...patch }));
  return (
    <>
      <PanelSection title="Floow">
        <NameRow name={floow.name} onChange={(name) => set({ name })} />
        <SelectRow
          label="Language"
          value={floow.language}
          options={LANGUAGES}
          labels={LANGUAGE_LABELS}
          onChange={(language) => set({ language })}
        />
      </PanelSection>
      <PanelSection
        title="Container"
        description={
          floow.type === "data"
            ? "A dialog over the page, or embedded in it. A Guided Data floow starts embedded, with no progress, no back button and without waiting for a trigger; each can be changed here."
            : "A dialog over the page, or embedded in it."
        }
      >
        <SelectRow
          label="Type"
          value={floow.container.type}
          options={CONTAINER_TYPES}
          onChange={(type) => set({ container: { ...floow.container, type } })}
        />
        <SizeRow
          label="Radius"
          value={floow.container.radius}
          sizes={RADIUS_SIZES}
          onChange={(radius) => set({ container: { ...floow.container, radius } })}
        />
        <SizeRow
          label="Padding"
          value={floow.container.padding}
          sizes={PADDING_SIZES}
          onChange={(padding) => set({ container: { ...floow.container, padding } })}
        />
        <Switch
          label="Close on click outside"
          description="Clicking next to the dialog closes it."
          checked={floow.closeOnClickOutside}
          onChange={(closeOnClickOutside) => set({ closeOnClickOutside })}
        />
        <Switch
          label="Skip trigger"
          description="Show the floow without waiting for a trigger."
          checked={floow.skipTrigger}
          onChange={(skipTrigger) => set({ skipTrigger })}
        />
      </PanelSection>
      <PanelSection title="Progress">
        <SelectRow
          label="Type"
          value={floow.progress.type}
          options={PROGRESS_TYPES}
          onChange={(type) => set({ progress: { ...floow.progress, type } })}
        />
        {floow.progress.type === "none" ? null : (
          <>
            <SelectRow
              label="Direction"
              value={floow.progress.direction}
              options={PROGRESS_DIRECTIONS}
              onChange={(direction) => set({ progress: { ...floow.progress, direction } })}
            />
            <ColorRow
              label="Colour"
              value={floow.progress.colorId}
              onChange={(colorId) => set({ progress: { ...floow.progress, colorId } })}
            />
          </>
        )}
      </PanelSection>
    </>
  );
}

const BUTTON_TITLES: Record<FloowButtonKey, string> = {
  back: "Back button",
  next: "Next button",
  restart: "Restart button",
};
const VISIBILITY: Record<
  FloowButtonKey,
  "showBackButton" | "showNextButton" | "showRestartButton"
> = {
  back: "showBackButton",
  next: "showNextButton",
  restart: "showRestartButton",
};

function ButtonSettings() {
  const { floow, updateFloow } = useEditor();
  const setButtons = (patch: Partial<Floow["buttons"]>) =>
    updateFloow((f) => ({ ...f, buttons: { ...f.buttons, ...patch } }));
  const setButton = (key: FloowButtonKey, patch: Partial<FloowButton>) =>
    updateFloow((f) => ({
      ...f,
      buttons: { ...f.buttons, [key]: { ...f.buttons[key], ...patch } },
    }));
  return (
    <>
      <PanelSection title="All buttons">
        <SelectRow
          label="Size"
          value={floow.buttons.size}
          options={BUTTON_SIZES}
          labels={{ sm: "Small", md: "Medium", lg: "Large" }}
          onChange={(size) => setButtons({ size })}
        />
        <SizeRow
          label="Radius"
          value={floow.buttons.radius}
          sizes={RADIUS_SIZES}
          onChange={(radius) => setButtons({ radius })}
        />
        <SelectRow
          label="Animation"
          value={floow.buttons.animation}
          options={BUTTON_ANIMATIONS}
          onChange={(animation) => setButtons({ animation })}
        />
      </PanelSection>
      {FLOOW_BUTTON_KEYS.map((key) => {
        const button = floow.buttons[key];
        const visible = floow[VISIBILITY[key]];
        return (
          <PanelSection key={key} title={BUTTON_TITLES[key]}>
            <Switch
              label={`Show ${BUTTON_TITLES[key].toLowerCase()}`}
              checked={visible}
              onChange={(show) => updateFloow((f) => ({ ...f, [VISIBILITY[key]]: show }))}
            />
            {visible ? (
              <>
                <TextRow
                  label="Text"
                  value={button.text}
                  onChange={(text) => setButton(key, { text })}
                />
                <SelectRow
                  label="Variant"
                  value={button.variant}
                  options={BUTTON_VARIANTS}
                  onChange={(variant) => setButton(key, { variant })}
                />
                <ColorRow
                  label="Colour"
                  value={button.colorId}
                  onChange={(colorId) => setButton(key, { colorId })}
                />
                <SelectRow
                  label="Icon"
                  value={button.icon}
                  options={BUTTON_ICONS}
                  onChange={(icon) => setButton(key, { icon })}
                />
                {button.icon === "none" ? null : (
                  <SelectRow
                    label="Icon position"
                    value={button.iconPosition}
                    options={ICON_POSITIONS}
                    onChange={(iconPosition) => setButton(key, { iconPosition })}
                  />
                )}
              </>
            ) : null}
          </PanelSection>
        );
      })}
    </>
  );
}
