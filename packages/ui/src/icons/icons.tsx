import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * A small set of stroke icons drawn on a 24-unit grid. Inline SVG keeps the bundle
 * and the dashboard free of a remote icon service (and of one more dependency).
 */
function createIcon(name: string, paths: ReactNode) {
  function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        data-icon={name}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const HomeIcon = createIcon(
  "Home",
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </>,
);

export const GlobeIcon = createIcon(
  "Globe",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18" />
    <path d="M12 3a14 14 0 0 0 0 18" />
  </>,
);

export const FlowIcon = createIcon(
  "Flow",
  <>
    <rect x="3" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="16" width="7" height="5" rx="1.5" />
    <path d="M6.5 8v4a2 2 0 0 0 2 2h7a2 2 0 0 1 2 2" />
  </>,
);

export const PackageIcon = createIcon(
  "Package",
  <>
    <path d="M21 8 12 3 3 8v8l9 5 9-5Z" />
    <path d="m3 8 9 5 9-5" />
    <path d="M12 13v8" />
    <path d="m7.5 5.5 9 5" />
  </>,
);

export const ChartIcon = createIcon(
  "Chart",
  <>
    <path d="M3 3v18h18" />
    <path d="M8 16v-5" />
    <path d="M13 16V8" />
    <path d="M18 16v-3" />
  </>,
);

export const BookIcon = createIcon(
  "Book",
  <>
    <path d="M4 19.5V5a2 2 0 0 1 2-2h14v16H6.5A2.5 2.5 0 0 0 4 21.5v-2Z" />
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20" />
  </>,
);

export const LifebuoyIcon = createIcon(
  "Lifebuoy",
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
    <path d="m5.6 5.6 3.6 3.6" />
    <path d="m14.8 14.8 3.6 3.6" />
    <path d="m14.8 9.2 3.6-3.6" />
    <path d="m5.6 18.4 3.6-3.6" />
  </>,
);

export const UserIcon = createIcon(
  "User",
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);

export const BuildingIcon = createIcon(
  "Building",
  <>
    <rect x="4" y="3" width="16" height="18" rx="1.5" />
    <path d="M9 21v-4h6v4" />
    <path d="M8 7h.01M12 7h.01M16 7h.01M8 11h.01M12 11h.01M16 11h.01" />
  </>,
);

export const FileTextIcon = createIcon(
  "FileText",
  <>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z" />
    <path d="M14 3v6h6" />
    <path d="M8 13h8M8 17h5" />
  </>,
);

export const LogOutIcon = createIcon(
  "LogOut",
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);

export const PlusIcon = createIcon("Plus", <path d="M12 5v14M5 12h14" />);

export const XIcon = createIcon("X", <path d="M18 6 6 18M6 6l12 12" />);

export const ArrowRightIcon = createIcon(
  "ArrowRight",
  <>
    <path d="M5 12h14" />
    <path d="m13 6 6 6-6 6" />
  </>,
);

export const SearchIcon = createIcon(
  "Search",
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);

export const SparklesIcon = createIcon(
  "Sparkles",
  <>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8Z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8Z" />
  </>,
);

export const MailIcon = createIcon(
  "Mail",
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);

export const ExternalLinkIcon = createIcon(
  "ExternalLink",
  <>
    <path d="M14 4h6v6" />
    <path d="M20 4 10 14" />
    <path d="M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
  </>,
);

export const AlertTriangleIcon = createIcon(
  "AlertTriangle",
  <>
    <path d="M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);

export const TrashIcon = createIcon(
  "Trash",
  <>
    <path d="M4 7h16" />
    <path d="M10 11v6M14 11v6" />
    <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12" />
    <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2" />
  </>,
);

export const CopyIcon = createIcon(
  "Copy",
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
);

export const StarIcon = createIcon(
  "Star",
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9Z" />,
);

export const MoreHorizontalIcon = createIcon(
  "MoreHorizontal",
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);

export const UploadIcon = createIcon(
  "Upload",
  <>
    <path d="M12 15V4" />
    <path d="m7 9 5-5 5 5" />
    <path d="M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" />
  </>,
);

export const CheckIcon = createIcon("Check", <path d="m5 12.5 4.5 4.5L19 7.5" />);

export const ArrowLeftIcon = createIcon(
  "ArrowLeft",
  <>
    <path d="M19 12H5" />
    <path d="m11 6-6 6 6 6" />
  </>,
);

export const ArchiveIcon = createIcon(
  "Archive",
  <>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8" />
    <path d="M10 12h4" />
  </>,
);

export const RotateCcwIcon = createIcon(
  "RotateCcw",
  <>
    <path d="M3 4v5h5" />
    <path d="M3.5 14a8.5 8.5 0 1 0 2-8.5L3 9" />
  </>,
);

export const RocketIcon = createIcon(
  "Rocket",
  <>
    <path d="M5 15c-1.5 1.3-2 4-2 6 2 0 4.7-.5 6-2" />
    <path d="M9 15l-3-3c1.7-4.6 5.5-8.6 12-9 .4 6.5-4.4 10.3-9 12Z" />
    <circle cx="14.5" cy="9.5" r="1.5" />
  </>,
);

export const PaletteIcon = createIcon(
  "Palette",
  <>
    <path d="M12 3a9 9 0 0 0 0 18c1.1 0 1.7-.9 1.2-1.9-.6-1.3.3-2.6 1.7-2.6H17a4 4 0 0 0 4-4c0-5.2-4-9.5-9-9.5Z" />
    <circle cx="7.5" cy="11" r="1" />
    <circle cx="10.5" cy="7" r="1" />
    <circle cx="15.5" cy="8" r="1" />
  </>,
);

export const TypeIcon = createIcon(
  "Type",
  <>
    <path d="M5 7V5h14v2" />
    <path d="M12 5v14M9 19h6" />
  </>,
);

export const CodeIcon = createIcon(
  "Code",
  <>
    <path d="m8 7-5 5 5 5" />
    <path d="m16 7 5 5-5 5" />
  </>,
);

export const HelpCircleIcon = createIcon(
  "HelpCircle",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
    <path d="M12 17h.01" />
  </>,
);

export const ImageIcon = createIcon(
  "Image",
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.5" />
    <path d="m21 16-5-5-8 9" />
  </>,
);

export const ShoppingBagIcon = createIcon(
  "ShoppingBag",
  <>
    <path d="M5 8h14l-1 12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1Z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </>,
);

export const ClipboardListIcon = createIcon(
  "ClipboardList",
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4h6v3H9z" />
    <path d="M9 12h6M9 16h4" />
  </>,
);

export const PlugIcon = createIcon(
  "Plug",
  <>
    <path d="M9 2v6M15 2v6" />
    <path d="M6 8h12v3a6 6 0 0 1-12 0V8Z" />
    <path d="M12 17v5" />
  </>,
);

export const MenuIcon = createIcon("Menu", <path d="M4 6h16M4 12h16M4 18h16" />);
