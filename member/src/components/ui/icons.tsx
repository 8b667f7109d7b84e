import { make } from './icon';

// A handful of 24px stroke icons, inline so no icon font or library weighs on first load.
//
// The icons only the member pages show live in ./member-icons.tsx and are re-exported here, so every
// caller imports from this module. The build follows each re-export to its own module: the sign-in
// page and the boot (which use only the icons below) do not load the member pages' icons
// (docs/product-rules.md#performance-bar).
export {
  HomeIcon,
  UserIcon,
  LogoutIcon,
  MenuIcon,
  ExternalIcon,
  CopyIcon,
  RefreshIcon,
  ShareIcon,
  MailIcon,
  ChatIcon,
  SendIcon,
  OfflineIcon,
  TrophyIcon,
  ClockIcon,
  WalletIcon,
  ChartIcon,
  DownloadIcon,
  TrashIcon,
} from './member-icons';

export const UsersIcon = make(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);
export const GiftIcon = make(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v9h14v-9" />
    <path d="M12 8v13" />
    <path d="M12 8S10.5 3 8 3a2.5 2.5 0 0 0 0 5h4Zm0 0s1.5-5 4-5a2.5 2.5 0 0 1 0 5h-4Z" />
  </>,
);
export const CloseIcon = make(<path d="M6 6l12 12M18 6 6 18" />);
export const ShieldIcon = make(<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z" />);
export const ZapIcon = make(<path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />);
export const HeartIcon = make(
  <path d="M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11Z" />,
);
export const SparkleIcon = make(
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3ZM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16Z" />,
);
export const CheckIcon = make(<path d="m5 12 5 5 9-10" />);
export const ArrowLeftIcon = make(<path d="M19 12H5M11 18l-6-6 6-6" />);
export function GoogleLogo({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44Z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z"
      />
    </svg>
  );
}

/** The brand mark: a slot reel window with a star. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-g)" />
      <rect x="12" y="18" width="40" height="28" rx="6" fill="#fff" opacity="0.18" />
      <path
        fill="#fde047"
        d="m32 15 4.7 10.4 11.3 1.2-8.5 7.6 2.4 11.1L32 39.6l-9.9 5.7 2.4-11.1-8.5-7.6 11.3-1.2L32 15Z"
      />
    </svg>
  );
}
