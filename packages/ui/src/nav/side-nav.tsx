import { Slot } from "radix-ui";
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type ComponentProps,
  type ReactNode,
} from "react";
import { cn } from "../lib/cn";

const SideNavContext = createContext({ expanded: true });

/** Whether the surrounding side navigation is expanded. */
export function useSideNav() {
  return useContext(SideNavContext);
}

export type SideNavProps = ComponentProps<"nav"> & {
  /** Spec: 14rem expanded, 3.75rem collapsed, 500 ms animation. */
  expanded: boolean;
};

/** The fixed left column. Which state it is in is the app's decision (route, hover). */
export function SideNav({ expanded, className, children, ...props }: SideNavProps) {
  return (
    <SideNavContext.Provider value={{ expanded }}>
      <nav
        data-expanded={expanded}
        className={cn(
          "group/nav fixed inset-y-0 left-0 z-40 flex flex-col overflow-x-hidden overflow-y-auto border-r border-grey-200 bg-white transition-[width,box-shadow] duration-500 ease-in-out",
          expanded ? "w-nav-expanded" : "w-nav-collapsed",
          className,
        )}
        {...props}
      >
        {children}
      </nav>
    </SideNavContext.Provider>
  );
}

/** Text that fades out when the navigation collapses (it stays readable to screen readers). */
export function NavLabel({ className, children }: { className?: string; children: ReactNode }) {
  const { expanded } = useSideNav();
  return (
    <span
      className={cn(
        "min-w-0 truncate transition-opacity duration-500",
        expanded ? "opacity-100" : "opacity-0",
        className,
      )}
    >
      {children}
    </span>
  );
}

export type NavItemProps = Omit<ComponentProps<"a">, "children"> & {
  icon: ReactNode;
  label: ReactNode;
  active?: boolean;
  /** Render the single child (a router link, say) as the item; icon and label go inside it. */
  asChild?: boolean;
  children?: ReactNode;
  trailing?: ReactNode;
};

const itemClassName =
  "group/item relative flex h-10 w-full cursor-pointer items-center gap-3 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-grey-600 transition-colors hover:bg-grey-100 hover:text-grey-900 data-[active=true]:bg-primary-50 data-[active=true]:text-primary-800";

/**
 * One link of the side navigation. Pass `asChild` with a router link as the only child
 * to keep client-side navigation; icon and label are placed inside that link.
 */
export function NavItem({
  icon,
  label,
  active = false,
  asChild = false,
  className,
  children,
  trailing,
  ...props
}: NavItemProps) {
  const content = (
    <>
      <span
        className="flex size-5 shrink-0 items-center justify-center text-grey-500 transition-colors group-hover/item:text-grey-800 group-data-[active=true]/item:text-primary-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <NavLabel className="flex-1 text-left">{label}</NavLabel>
      {trailing}
    </>
  );
  const shared = {
    className: cn(itemClassName, className),
    "data-active": active,
    "aria-current": active ? ("page" as const) : undefined,
  };
  if (asChild) {
    return (
      <Slot.Root {...shared} {...props}>
        {withContent(children, content)}
      </Slot.Root>
    );
  }
  return (
    <a {...shared} {...props}>
      {content}
    </a>
  );
}

/** The same look for an action that is not a link (e.g. opening the support dialog). */
export function NavButton({
  icon,
  label,
  className,
  ...props
}: Omit<ComponentProps<"button">, "children"> & { icon: ReactNode; label: ReactNode }) {
  return (
    <button type="button" className={cn(itemClassName, className)} {...props}>
      <span
        className="flex size-5 shrink-0 items-center justify-center text-grey-500 group-hover/item:text-grey-800"
        aria-hidden="true"
      >
        {icon}
      </span>
      <NavLabel className="flex-1 text-left">{label}</NavLabel>
    </button>
  );
}

/** Puts the item's icon and label inside the router link given as the only child. */
function withContent(child: ReactNode, content: ReactNode) {
  return isValidElement(child) ? cloneElement(child, undefined, content) : content;
}

export function NavGroup({
  label,
  className,
  children,
}: {
  label?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { expanded } = useSideNav();
  return (
    <div
      role="group"
      aria-label={typeof label === "string" ? label : undefined}
      className={cn("flex flex-col gap-0.5", className)}
    >
      {label ? (
        <div className="relative flex h-7 items-center px-2.5">
          <span
            className={cn(
              "text-[11px] font-semibold tracking-wider whitespace-nowrap text-grey-500 uppercase transition-opacity duration-500",
              expanded ? "opacity-100" : "opacity-0",
            )}
          >
            {label}
          </span>
          <span
            aria-hidden="true"
            className={cn(
              "absolute inset-x-3 top-1/2 h-px bg-grey-200 transition-opacity duration-500",
              expanded ? "opacity-0" : "opacity-100",
            )}
          />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/**
 * An indented list under an item (the domains under Domains). It keeps its place while the
 * column is collapsed: the column expands on hover, and a list appearing then would push the
 * items below it down under the pointer, so a click pressed on one item would be released on
 * the one above it and do nothing. Its entries show their `mark` (a domain's initials) while
 * collapsed, as the items show their icons.
 */
export function NavSubList({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ul
      className={cn("ml-2.5 flex flex-col gap-0.5 border-l border-grey-200 py-0.5 pl-1", className)}
    >
      {children}
    </ul>
  );
}

export type NavSubItemProps = ComponentProps<"a"> & {
  active?: boolean;
  /** Render the single child (a router link, say) as the entry. */
  asChild?: boolean;
  /**
   * A short mark shown before the label, and alone while the column is collapsed (a domain's
   * initials). An entry without one is out of sight and out of reach while collapsed.
   */
  mark?: ReactNode;
};

export function NavSubItem({
  active = false,
  asChild = false,
  mark,
  className,
  children,
  ...props
}: NavSubItemProps) {
  const { expanded } = useSideNav();
  const Comp = asChild ? Slot.Root : "a";
  const hidden = !expanded && mark === undefined;
  return (
    <li
      inert={hidden}
      className={cn(
        "transition-[opacity,visibility] duration-500",
        hidden && "invisible opacity-0",
      )}
    >
      <Comp
        data-active={active}
        aria-current={active ? "page" : undefined}
        className={cn(
          "group/sub flex h-8 items-center gap-2 truncate rounded-md px-1 text-[13px] whitespace-nowrap text-grey-600 transition-colors hover:bg-grey-100 hover:text-grey-900 data-[active=true]:font-medium data-[active=true]:text-primary-800",
          mark === undefined && "px-2",
          className,
        )}
        {...props}
      >
        {mark === undefined || asChild ? (
          children
        ) : (
          <>
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center rounded bg-grey-100 text-[9px] leading-none font-semibold tracking-tight text-grey-600 uppercase transition-colors group-hover/sub:bg-grey-200 group-data-[active=true]/sub:bg-primary-100 group-data-[active=true]/sub:text-primary-800"
            >
              {mark}
            </span>
            <NavLabel>{children}</NavLabel>
          </>
        )}
      </Comp>
    </li>
  );
}

export type NavProfileProps = Omit<ComponentProps<"a">, "children"> & {
  avatar: ReactNode;
  name: ReactNode;
  caption: ReactNode;
  active?: boolean;
  asChild?: boolean;
  children?: ReactNode;
};

/** The profile block at the top of the navigation: avatar, name and a caption (the role). */
export function NavProfile({
  avatar,
  name,
  caption,
  active = false,
  asChild = false,
  className,
  children,
  ...props
}: NavProfileProps) {
  const content = (
    <>
      <span className="flex shrink-0">{avatar}</span>
      <span className="flex min-w-0 flex-col leading-tight">
        <NavLabel className="text-sm font-semibold text-grey-900">{name}</NavLabel>
        <NavLabel className="text-xs text-grey-500">{caption}</NavLabel>
      </span>
    </>
  );
  const shared = {
    className: cn(
      "flex h-14 items-center gap-3 rounded-xl px-1 whitespace-nowrap transition-colors hover:bg-grey-100 data-[active=true]:bg-grey-100",
      className,
    ),
    "data-active": active,
    "aria-current": active ? ("page" as const) : undefined,
  };
  if (asChild) {
    return (
      <Slot.Root {...shared} {...props}>
        {withContent(children, content)}
      </Slot.Root>
    );
  }
  return (
    <a {...shared} {...props}>
      {content}
    </a>
  );
}
