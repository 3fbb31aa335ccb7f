import type { BrandWithLines } from "../../platform/cms-client/catalog-records";

const INK = "#1F1B18";
const WHITE = "#FFFFFF";
/** The shop's own tint when a brand has no (valid) colour: rose. */
const FALLBACK = "#9A5663";

/** WCAG relative luminance of `#rgb` / `#rrggbb` (already checked by safeSwatch). */
function luminance(hex: string): number {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => {
    const v = Number.parseInt(d, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** White or ink, whichever reads better on the brand's colour (the initial must pass AA on any colour a CMS sets). */
export function inkOn(colour: string): string {
  const bg = luminance(colour);
  return contrast(bg, 1) >= contrast(bg, luminance(INK)) ? WHITE : INK;
}

/** The brand's logo, or its initial on its colour when it has none. Decorative: the brand's name is beside it. */
export function BrandMark({ brand, size, eager }: { brand: BrandWithLines; size: "small" | "large"; eager?: boolean }) {
  const colour = brand.colour ?? FALLBACK;
  const dimension = size === "large" ? 120 : 72;
  if (brand.logo) {
    return (
      <span className={`brand-mark brand-mark--${size} brand-mark--logo`} style={{ borderColor: colour }}>
        <img
          src={brand.logo.url}
          alt=""
          width={brand.logo.width ?? dimension}
          height={brand.logo.height ?? dimension}
          loading={eager ? "eager" : "lazy"}
        />
      </span>
    );
  }
  return (
    <span
      className={`brand-mark brand-mark--${size}`}
      style={{ backgroundColor: colour, color: inkOn(colour) }}
      aria-hidden="true"
    >
      {[...brand.name.trim()][0]?.toUpperCase() ?? "?"}
    </span>
  );
}
