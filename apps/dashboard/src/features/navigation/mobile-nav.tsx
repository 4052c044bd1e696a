import { MenuIcon, Sheet, SheetContent, SheetTitle, SheetTrigger } from "@floow/ui";
import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useState, type MouseEvent } from "react";
import { AppSideNav, FloowMark, type SideNavData } from "./app-side-nav";

/**
 * Below the `lg` breakpoint (phones, tablets) the side column gives way to this top bar: its
 * menu button opens the same navigation as a drawer (a Radix Dialog: focus stays inside,
 * Escape and a tap outside close it). Following any link in it closes it, and so does any
 * other change of page (the browser's Back and Forward) or a window widened to `lg`, where
 * the side column is back and the drawer would cover it.
 */
export function MobileTopBar({ data }: { data: SideNavData }) {
  const [open, setOpen] = useState(false);
  const href = useRouterState({ select: (state) => state.location.href });
  useEffect(() => setOpen(false), [href]);
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);
  // Links only: the Support button opens its dialog over the drawer instead.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) setOpen(false);
  };
  return (
    <header className="sticky top-0 z-30 flex h-top-bar items-center gap-2 border-b border-grey-200 bg-white/95 px-2 backdrop-blur lg:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger
          aria-label="Open menu"
          className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-grey-700 transition-colors hover:bg-grey-100 hover:text-grey-900"
        >
          <MenuIcon size={22} />
        </SheetTrigger>
        <SheetContent aria-describedby={undefined} onClick={closeOnLink}>
          <div className="flex h-14 shrink-0 items-center gap-2.5 border-b border-grey-200 px-4">
            <FloowMark />
            <SheetTitle>Menu</SheetTitle>
          </div>
          <AppSideNav data={data} drawer />
        </SheetContent>
      </Sheet>
      <Link
        to="/"
        className="flex items-center gap-2 rounded-lg px-1.5 py-1"
        aria-label="Floow home"
      >
        <FloowMark />
        <span className="text-sm font-semibold tracking-tight text-grey-900">Floow</span>
      </Link>
    </header>
  );
}
