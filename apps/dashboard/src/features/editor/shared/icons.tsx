/**
 * Icons only the editor needs (same 24-unit stroke style as @floow/ui's icon set).
 */
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: ReactNode) {
  return function EditorIcon({ size = 16, ...props }: IconProps) {
    return (
      <svg
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
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const GripIcon = icon(
  <>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </>,
);
export const ChevronUpIcon = icon(<path d="m18 15-6-6-6 6" />);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const PhoneIcon = icon(
  <>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M11 18h2" />
  </>,
);
export const MonitorIcon = icon(
  <>
    <rect x="2.5" y="4" width="19" height="13" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </>,
);
export const PlayIcon = icon(<path d="M7 4.5v15l12-7.5z" />);
export const FlagIcon = icon(
  <>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </>,
);
export const ZapIcon = icon(<path d="M13 2 4 14h7l-1 8 9-12h-7z" />);
export const PencilIcon = icon(
  <>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </>,
);
export const MinusIcon = icon(<path d="M5 12h14" />);
export const SettingsIcon = icon(
  <>
    <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="10" cy="17" r="2" />
  </>,
);
export const SplitIcon = icon(
  <>
    <path d="M6 3v6a4 4 0 0 0 4 4h8" />
    <path d="m15 10 3 3-3 3" />
    <path d="M6 21v-8" />
  </>,
);
export const FilterIcon = icon(<path d="M3 5h18l-7 8v6l-4 2v-8z" />);
export const BoldIcon = icon(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />);
export const ItalicIcon = icon(<path d="M19 4h-9M14 20H5M15 4 9 20" />);
export const ListIcon = icon(<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />);
export const HeadingIcon = icon(<path d="M6 4v16M18 4v16M6 12h12" />);
export const CloudIcon = icon(
  <path d="M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 9.5a4 4 0 0 1-.5 8.5z" />,
);
export const CloudOffIcon = icon(
  <>
    <path d="M7 18a4.5 4.5 0 0 1-.5-9M10 5.3A6 6 0 0 1 18 9.5a4 4 0 0 1 1.5 7.2M3 3l18 18" />
  </>,
);
