import {
  Avatar,
  BookIcon,
  BuildingIcon,
  ChartIcon,
  cn,
  FileTextIcon,
  FlowIcon,
  GlobeIcon,
  HomeIcon,
  LifebuoyIcon,
  LogOutIcon,
  NavButton,
  NavGroup,
  NavItem,
  NavProfile,
  NavSubItem,
  NavSubList,
  PackageIcon,
  PlugIcon,
  SearchIcon,
  SideNav,
  UserIcon,
} from "@floow/ui";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { TERMS_OF_SERVICE_DATE } from "@floow/domain/shared";
import { useState, type MouseEvent, type ReactNode } from "react";
import { selectDomain, useSelectedDomainId } from "../../lib/selected-domain";
import { initials, isNavExpanded, isNavItemActive, roleLabel, type NavTarget } from "./nav-logic";
import { SupportDialog } from "../support/support-dialog";

/** The terms-of-service PDF is named by its date (the domain keeps the date). */
export const TERMS_OF_SERVICE_URL = `/terms-of-service-${TERMS_OF_SERVICE_DATE}.pdf`;

export type SideNavData = {
  user: { user_id: string; name: string; picture?: string | null };
  roles: readonly string[];
  domains: readonly { id: string; name: string }[];
};

type NavLinkSpec = NavTarget & {
  to:
    | "/"
    | "/domains"
    | "/floows"
    | "/products"
    | "/analytics"
    | "/inspect"
    | "/documentation"
    | "/settings"
    | "/integrations";
  label: string;
  icon: ReactNode;
};

const mainLinks: NavLinkSpec[] = [
  { to: "/", exact: true, label: "Home", icon: <HomeIcon /> },
  { to: "/domains", label: "Domains", icon: <GlobeIcon /> },
  { to: "/floows", label: "Floows", icon: <FlowIcon /> },
  { to: "/products", label: "Products", icon: <PackageIcon /> },
  { to: "/analytics", label: "Analytics", icon: <ChartIcon /> },
  { to: "/inspect", label: "Inspect", icon: <SearchIcon /> },
];

function RouterNavItem({
  spec,
  location,
}: {
  spec: NavLinkSpec;
  location: { pathname: string; hash: string };
}) {
  const exact = spec.exact || spec.hash !== undefined;
  return (
    <NavItem asChild icon={spec.icon} label={spec.label} active={isNavItemActive(spec, location)}>
      <Link
        to={spec.to}
        hash={spec.hash}
        // Keep the router's own notion of "active" (aria-current) equal to ours.
        activeOptions={exact ? { exact: true, includeHash: true } : { exact: false }}
        activeProps={{}}
      />
    </NavItem>
  );
}

/** A left click without modifier keys; others (new tab, new window) keep the browser's way. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The fixed left navigation of spec section 2 (from the `lg` breakpoint up), or the same
 * links in the menu drawer below it (`drawer`: always expanded, no hover).
 */
export function AppSideNav({
  data,
  drawer = false,
  className,
}: {
  data: SideNavData;
  drawer?: boolean;
  className?: string;
}) {
  const location = useLocation({ select: (l) => ({ pathname: l.pathname, hash: l.hash }) });
  const [hovered, setHovered] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const selectedDomainId = useSelectedDomainId();
  const navigate = useNavigate();
  const expanded = drawer || isNavExpanded(location.pathname, hovered);
  const { user, roles, domains } = data;

  return (
    <SideNav
      aria-label="Main"
      expanded={expanded}
      onMouseEnter={drawer ? undefined : () => setHovered(true)}
      onMouseLeave={drawer ? undefined : () => setHovered(false)}
      className={cn(
        drawer && "static min-h-full w-full border-r-0",
        hovered && !drawer && location.pathname !== "/" && "shadow-xl",
        className,
      )}
    >
      <div className="flex flex-1 flex-col gap-5 px-2 py-3">
        <NavProfile
          asChild
          avatar={<Avatar src={user.picture} alt={user.name} initials={initials(user.name)} />}
          name={user.name}
          caption={roleLabel(roles)}
        >
          <Link
            to="/settings"
            activeProps={{}}
            activeOptions={{ exact: true, includeHash: true }}
          />
        </NavProfile>

        <NavGroup>
          {mainLinks.map((spec) => (
            <div key={spec.to} className="flex flex-col gap-0.5">
              <RouterNavItem spec={spec} location={location} />
              {spec.to === "/domains" && domains.length > 0 ? (
                <NavSubList>
                  {domains.map((domain) => (
                    <NavSubItem
                      key={domain.id}
                      href="/domains/domain#general"
                      mark={initials(domain.name) || "•"}
                      active={
                        location.pathname === "/domains/domain" && selectedDomainId === domain.id
                      }
                      onClick={(event) => {
                        selectDomain(domain.id);
                        if (isPlainClick(event)) {
                          event.preventDefault();
                          void navigate({ to: "/domains/domain", hash: "general" });
                        }
                      }}
                    >
                      {domain.name}
                    </NavSubItem>
                  ))}
                </NavSubList>
              ) : null}
            </div>
          ))}
        </NavGroup>

        <NavGroup label="Help">
          <RouterNavItem
            spec={{ to: "/documentation", label: "Documentation", icon: <BookIcon /> }}
            location={location}
          />
          <NavButton icon={<LifebuoyIcon />} label="Support" onClick={() => setSupportOpen(true)} />
        </NavGroup>

        <NavGroup label="Settings">
          <RouterNavItem
            spec={{ to: "/settings", exact: true, label: "Personal", icon: <UserIcon /> }}
            location={location}
          />
          <RouterNavItem
            spec={{
              to: "/settings",
              hash: "organization",
              label: "Organization",
              icon: <BuildingIcon />,
            }}
            location={location}
          />
          <RouterNavItem
            spec={{ to: "/integrations", label: "Integrations", icon: <PlugIcon /> }}
            location={location}
          />
          <NavItem
            href={TERMS_OF_SERVICE_URL}
            target="_blank"
            rel="noopener noreferrer"
            icon={<FileTextIcon />}
            label="Terms of service"
          />
          {user.user_id ? (
            // A plain link on purpose: logging out is a full-page navigation (spec section 2).
            <NavItem href="/logout" icon={<LogOutIcon />} label="Logout" />
          ) : null}
        </NavGroup>

        <div className="mt-auto flex h-10 items-center gap-3 px-2.5 text-grey-400">
          <FloowMark />
          <span
            className={`text-sm font-semibold tracking-tight text-grey-500 transition-opacity duration-500 ${expanded ? "opacity-100" : "opacity-0"}`}
          >
            Floow
          </span>
        </div>
      </div>
      {/* Mounted while open only: its form loads the support address and resets on each opening. */}
      {supportOpen ? <SupportDialog open onOpenChange={setSupportOpen} /> : null}
    </SideNav>
  );
}

export function FloowMark({ className = "size-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary-600" />
      <path
        d="M10 22V10h12M10 16h8"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
