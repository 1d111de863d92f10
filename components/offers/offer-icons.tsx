import { icon } from "@/components/ui/icons";

// Offer-screen stroke icons (24×24, lucide-style), decorative (aria-hidden) like components/ui/icons.

export const TextIcon = icon("TextIcon", <path d="M4 7V4h16v3M9 20h6M12 4v16" />);
export const PauseIcon = icon(
  "PauseIcon",
  <>
    <rect width="4" height="16" x="6" y="4" rx="1" />
    <rect width="4" height="16" x="14" y="4" rx="1" />
  </>,
);
export const PlayIcon = icon("PlayIcon", <path d="m6 3 14 9-14 9z" />);
export const BanIcon = icon(
  "BanIcon",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m4.9 4.9 14.2 14.2" />
  </>,
);
export const InfoIcon = icon(
  "InfoIcon",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
);
export const UsersRoundIcon = icon(
  "UsersRoundIcon",
  <>
    <path d="M18 21a8 8 0 0 0-16 0" />
    <circle cx="10" cy="8" r="5" />
    <path d="M22 20c0-3.37-2-6.5-4-8a5 5 0 0 0-.45-8.3" />
  </>,
);
