/**
 * The onboarding guide on screen: the stage `guideStage` picks for the record and the place
 * the user is in, drawn as one driver.js popover pointing at its element (driver.js places
 * it beside the element, never over it, and keeps Tab inside popover and element).
 * - The popover's main button completes the stage and takes the user on.
 * - Its close button turns the guide off (on again from /settings), with a toast saying so.
 * - Escape or a click outside hides it until the user moves elsewhere.
 */
import { ONBOARDING_STAGES } from "./onboarding-stages";
import { toast } from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate, useRouterState } from "@tanstack/react-router";
import { driver } from "driver.js";
import type { Driver } from "driver.js";
import "driver.js/dist/driver.css";
import "./onboarding-guide.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useEditorContext } from "./editor-bridge";
import { completeStage, guideStage } from "./guide-machine";
import type { GuideContext, GuideStage, GuideTarget } from "./guide-machine";
import { onboardingStore, setOnboardingDisabled, useOnboardingRecord } from "./onboarding-record";

export const GUIDE_OFF_TOAST = "Guide turned off. Turn it on again in Settings.";

/** The element a popup points at, if it is on the page now. */
export function findTarget(target: GuideTarget | null): Element | null {
  if (!target) return null;
  if ("selector" in target) return document.querySelector(target.selector);
  const root = target.within ? document.querySelector(target.within) : document;
  const selector =
    target.role === "tab"
      ? '[role="tab"]'
      : target.role === "link"
        ? "a[href]"
        : 'button, [role="button"]';
  const candidates = Array.from(root?.querySelectorAll<HTMLElement>(selector) ?? []);
  return (
    candidates.find((el) => el.textContent?.trim() === target.name && el.offsetParent !== null) ??
    null
  );
}

function useGuideContext(): { context: GuideContext; editor: ReturnType<typeof useEditorContext> } {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.user.get.queryOptions());
  const location = useLocation();
  const editor = useEditorContext();
  const context = useMemo<GuideContext>(
    () => ({
      pathname: location.pathname,
      hash: location.hash.replace(/^#/, ""),
      domainCount: data?.domains.length ?? 0,
      floowCount: data?.floows.length ?? 0,
      feedCount: data?.feeds.length ?? 0,
      editor: location.pathname === "/editor" ? (editor?.context ?? null) : null,
    }),
    [location.pathname, location.hash, data, editor],
  );
  return { context, editor };
}

export function OnboardingGuide() {
  const record = useOnboardingRecord();
  const { context, editor } = useGuideContext();
  const navigate = useNavigate();
  const stage = guideStage(record, context);
  // Hidden (Escape, a click outside or on the element) for this stage until the user
  // navigates: every navigation has its own history key.
  const visit = useLocation({ select: (l) => l.state.__TSR_key ?? l.href });
  const [snoozed, setSnoozed] = useState<string | null>(null);
  const key = stage ? `${stage.stage}@${visit}` : null;
  // Not while a page is loading: its elements would be the previous page's.
  const idle = useRouterState({ select: (state) => state.status === "idle" });
  const [retry, setRetry] = useState(0);
  const show = stage && idle && snoozed !== key ? stage : null;
  const actions = useRef({ editor, navigate });
  actions.current = { editor, navigate };

  useEffect(() => {
    if (!show || !key) return;
    let cancelled = false;
    let tour: Driver | null = null;
    let target: Element | null = null;
    const onTargetClick = () => {
      tour?.destroy();
      setSnoozed(key);
    };
    const complete = (view: GuideStage) => {
      onboardingStore.set(completeStage(onboardingStore.get(), view.stage));
      const { editor: bridge, navigate: go } = actions.current;
      if (view.editor) bridge?.apply(view.editor);
      if (view.to?.startsWith("#")) void go({ to: ".", hash: view.to.slice(1) });
      else if (view.to) void go({ href: view.to });
    };
    const open = () => {
      if (cancelled) return;
      const element = findTarget(show.target);
      tour = driver({
        animate: false,
        allowKeyboardControl: true,
        overlayOpacity: 0.45,
        stagePadding: 6,
        stageRadius: 10,
        popoverClass: "floow-guide",
        showProgress: true,
        progressText: `${ONBOARDING_STAGES.indexOf(show.stage) + 1} of ${ONBOARDING_STAGES.length}`,
        showButtons: ["next", "close"],
        doneBtnText: show.next,
        nextBtnText: show.next,
        steps: [
          {
            element: element ?? undefined,
            popover: {
              title: show.title,
              description: show.text,
              side: show.stage.startsWith("editor") ? "bottom" : "right",
              align: "start",
              onNextClick: () => {
                tour?.destroy();
                complete(show);
              },
              onCloseClick: () => {
                tour?.destroy();
                setOnboardingDisabled(true);
                toast(GUIDE_OFF_TOAST);
              },
              onPopoverRender: (popover) => {
                popover.closeButton.setAttribute("aria-label", "Turn off the guide");
                popover.closeButton.title = "Turn off the guide";
                popover.wrapper.setAttribute("role", "dialog");
                popover.wrapper.setAttribute(
                  "aria-labelledby",
                  popover.title.id || "driver-popover-title",
                );
                // driver.js focuses the popup's first control: make that the main button
                // (Enter goes on), with the close button after it in the Tab order.
                popover.wrapper.append(popover.closeButton);
              },
            },
          },
        ],
        onHighlighted: () => {
          // A popup with no element points at driver.js's invisible dummy div (the hooks get
          // `undefined` for it), which it marks `aria-expanded` and `aria-haspopup` as it would
          // a real control: ARIA a plain div may not carry (axe: aria-allowed-attr, critical).
          // The dummy controls nothing.
          const dummy = document.getElementById("driver-dummy-element");
          for (const name of ["aria-expanded", "aria-haspopup", "aria-controls"])
            dummy?.removeAttribute(name);
        },
        overlayClickBehavior: () => {
          tour?.destroy();
          setSnoozed(key);
        },
        onDestroyStarted: () => {
          // Escape: hide until the user moves on.
          tour?.destroy();
          setSnoozed(key);
        },
      });
      tour.drive();
      // The element was replaced (a page or tab re-rendered): point at the new one.
      watch = window.setInterval(() => {
        if (element && !element.isConnected) {
          window.clearInterval(watch);
          tour?.destroy();
          setRetry((n) => n + 1);
        }
      }, 300);
      // The user acts on the element pointed at (opens a dialog, switches a tab): the popup
      // steps aside until they come here again.
      element?.addEventListener("click", onTargetClick, { once: true, capture: true });
      target = element;
    };
    // The element may render a moment later (data loading, a tab switching): wait a little.
    let tries = 0;
    const wait = () => {
      if (cancelled) return;
      if (!show.target || findTarget(show.target) || tries++ > 30) open();
      else timer = window.setTimeout(wait, 100);
    };
    let timer = window.setTimeout(wait, 150);
    let watch = 0;
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.clearInterval(watch);
      target?.removeEventListener("click", onTargetClick, { capture: true });
      tour?.destroy();
    };
    // One popup per stage and place; the stage's text does not change in between.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, show === null, retry]);

  return null;
}
