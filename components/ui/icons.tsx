import type { ReactNode, SVGProps } from "react";

/** Small line icons, drawn on a 24px grid in the current text colour; decorative by default. */
const icon = (paths: ReactNode) => {
  const Icon = ({ className = "size-5", ...props }: SVGProps<SVGSVGElement>) => (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {paths}
    </svg>
  );
  return Icon;
};

export const ChatIcon = icon(<path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />);
export const ContactsIcon = icon(
  <>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 19c0-3 2.7-5 6-5s6 2 6 5" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M16.5 14c2.6.2 4.5 1.9 4.5 4.5" />
  </>,
);
export const CalendarIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);
export const QuoteIcon = icon(
  <>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </>,
);
export const ChartIcon = icon(<path d="M4 20h16M7 16v-5M12 16V7M17 16V9" />);
export const SettingsIcon = icon(
  <>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h10M18 18h2" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="16" cy="18" r="2" />
  </>,
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
  </>,
);
export const SignOutIcon = icon(<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="M20 20l-4.5-4.5" />
  </>,
);
export const CopyIcon = icon(
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h9" />
  </>,
);
export const CheckIcon = icon(<path d="M5 12.5l4.5 4.5L19 7" />);
export const ChevronUpDownIcon = icon(<path d="M8 9l4-4 4 4M8 15l4 4 4-4" />);
export const BotIcon = icon(
  <>
    <rect x="4" y="8" width="16" height="11" rx="3" />
    <path d="M12 4v4M9.5 16h5" />
    <circle cx="9" cy="12.5" r="1" />
    <circle cx="15" cy="12.5" r="1" />
  </>,
);
export const CannedIcon = icon(
  <>
    <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
    <path d="M8 9h8M8 13h5" />
  </>,
);
export const BuildingIcon = icon(
  <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3" />,
);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8-8M16 7l2 2" />
  </>,
);
/** Events sent out to another program (Settings → Webhooks). */
export const WebhookIcon = icon(
  <>
    <circle cx="6" cy="17" r="2.5" />
    <circle cx="18" cy="17" r="2.5" />
    <circle cx="12" cy="6" r="2.5" />
    <path d="M10.8 8.2L7.2 14.8M8.5 17h7M13.2 8.2l3.6 6.6" />
  </>,
);
export const BellIcon = icon(<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />);
export const AlertIcon = icon(<path d="M12 4l9 16H3zM12 10v4M12 17.5v.01" />);
export const LockIcon = icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);
export const InboxIcon = icon(
  <>
    <path d="M4 13l2.5-7.5A1 1 0 0 1 7.45 5h9.1a1 1 0 0 1 .95.5L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" />
    <path d="M4 13h4.5l1 2h5l1-2H20" />
  </>,
);
export const TagIcon = icon(
  <>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
    <circle cx="8" cy="8" r="1.5" />
  </>,
);
export const TeamIcon = icon(
  <>
    <circle cx="12" cy="8" r="2.8" />
    <path d="M7 19c0-2.8 2.2-4.5 5-4.5s5 1.7 5 4.5" />
    <circle cx="5.5" cy="10" r="2" />
    <path d="M2.5 18c0-2 1.3-3.3 3.2-3.5" />
    <circle cx="18.5" cy="10" r="2" />
    <path d="M21.5 18c0-2-1.3-3.3-3.2-3.5" />
  </>,
);
/** An assistant's sparkle (Connect an AI assistant). */
export const SparkleIcon = icon(
  <>
    <path d="M10 4l1.6 4.4L16 10l-4.4 1.6L10 16l-1.6-4.4L4 10l4.4-1.6z" />
    <path d="M18 14l.8 2.2L21 17l-2.2.8L18 20l-.8-2.2L15 17l2.2-.8z" />
  </>,
);

/** An open book: the help center. */
export const BookIcon = icon(<path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5zM12 6.5v13" />);
