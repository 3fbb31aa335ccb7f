import type { ReactNode } from "react";
import { useTexts } from "../i18n/texts";

/** Friendly inline illustrations for empty and error screens (the brand guide): one frame, each its own drawing. */
function Illustration({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg className="illustration" width="220" height="160" viewBox="0 0 220 160" role="img" aria-label={label}>
      <ellipse cx="110" cy="140" rx="90" ry="10" fill="#F3ECE4" />
      {children}
    </svg>
  );
}

export function ErrorIllustration() {
  return (
    <Illustration label={useTexts().m.status.errorPicture}>
      <g transform="rotate(-18 110 90)">
        <rect x="70" y="60" width="80" height="70" rx="14" fill="#F4E9EB" stroke="#9A5663" strokeWidth="2" />
        <rect x="96" y="40" width="28" height="22" rx="4" fill="#E8E1D9" stroke="#9A5663" strokeWidth="2" />
        <rect x="88" y="28" width="44" height="14" rx="5" fill="#9A5663" />
        <path d="M84 96h52" stroke="#9A5663" strokeWidth="2" strokeLinecap="round" />
      </g>
      <circle cx="170" cy="124" r="5" fill="#9A5663" opacity=".5" />
      <circle cx="184" cy="116" r="3" fill="#9A5663" opacity=".35" />
    </Illustration>
  );
}

export function NotFoundIllustration() {
  return (
    <Illustration label={useTexts().m.status.notFoundPicture}>
      <rect x="62" y="70" width="96" height="62" rx="16" fill="#FFFFFF" stroke="#9A5663" strokeWidth="2" />
      <rect x="56" y="52" width="108" height="22" rx="8" fill="#F4E9EB" stroke="#9A5663" strokeWidth="2" />
      <path d="M92 104c6-6 30-6 36 0" stroke="#6B625B" strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="94" cy="92" r="3" fill="#6B625B" />
      <circle cx="126" cy="92" r="3" fill="#6B625B" />
    </Illustration>
  );
}
