/**
 * Inline SVG icons (no icon service). Decorative by default: the
 * control that holds an icon carries the accessible name.
 */
import type { ReactElement } from "react";

export type IconName =
  | "search"
  | "heart"
  | "bag"
  | "user"
  | "phone"
  | "menu"
  | "close"
  | "chevron-down"
  | "whatsapp"
  | "telegram"
  | "instagram"
  | "facebook"
  | "youtube"
  | "mail"
  | "arrow-right"
  | "chevron-start"
  | "chevron-end";

const paths: Record<IconName, ReactElement> = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  heart: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />,
  bag: (
    <>
      <path d="M5 8h14l-1 12H6L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>
  ),
  phone: (
    <path d="M6.6 3h3l1.5 4.5-2.2 1.4a11 11 0 0 0 6.2 6.2l1.4-2.2L21 14.4v3A2.6 2.6 0 0 1 18.4 20 15.4 15.4 0 0 1 4 5.6 2.6 2.6 0 0 1 6.6 3Z" />
  ),
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  "chevron-down": <path d="m6 9 6 6 6-6" />,
  whatsapp: (
    <>
      <path d="M4 20l1.2-4A8 8 0 1 1 8 18.8Z" />
      <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1a4 4 0 0 1-2-2l1-1-1-2Z" />
    </>
  ),
  telegram: <path d="M3 11.5 20 4l-3 16-5.5-4.5L9 18v-4.5l8-7-10 6Z" />,
  instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="5" />
      <circle cx="12" cy="12" r="3.5" />
      <circle cx="17" cy="7" r=".8" />
    </>
  ),
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" />,
  youtube: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="4" />
      <path d="m10 9.5 5 2.5-5 2.5Z" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  "arrow-right": <path d="M5 12h14m-5-5 5 5-5 5" />,
  // Back and forward along the line (the pager): drawn for left to right, mirrored right to left.
  "chevron-start": <path d="m15 6-6 6 6 6" />,
  "chevron-end": <path d="m9 6 6 6-6 6" />,
};

/** Icons that point along the line of reading: mirrored in a right-to-left page (base.css). */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(["arrow-right", "chevron-start", "chevron-end"]);

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className={DIRECTIONAL.has(name) ? "icon icon--directional" : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
