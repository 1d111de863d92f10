import type { ReactNode, SVGProps } from "react";

// Offer-screen stroke icons (24×24, lucide-style), decorative (aria-hidden) like components/ui/icons.

type IconProps = SVGProps<SVGSVGElement>;

function icon(displayName: string, children: ReactNode) {
  function Icon({ className = "size-5", ...props }: IconProps) {
    return (
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className} {...props}>
        {children}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const TextIcon = icon("TextIcon", <path d="M4 7V4h16v3M9 20h6M12 4v16" />);
export const ImageIcon = icon(
  "ImageIcon",
  <>
    <rect width="18" height="18" x="3" y="3" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" />
  </>,
);
export const UploadIcon = icon("UploadIcon", <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />);
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
export const TagIcon = icon(
  "TagIcon",
  <>
    <path d="M12.59 2.59A2 2 0 0 0 11.17 2H4a2 2 0 0 0-2 2v7.17a2 2 0 0 0 .59 1.42l8.7 8.7a2.43 2.43 0 0 0 3.42 0l6.58-6.58a2.43 2.43 0 0 0 0-3.42z" />
    <circle cx="7.5" cy="7.5" r=".5" fill="currentColor" />
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
