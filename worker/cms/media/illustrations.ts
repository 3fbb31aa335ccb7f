/**
 * The seed's media are drawn, not stored: bottles, jars, tubes and droppers in
 * a brand's colour on a soft background, and simple covers for posts, projects,
 * categories and brand logos. Deterministic for a given description.
 */
export interface IllustrationSpec {
  kind: string;
  colour?: string;
  variant?: number;
  label?: string;
}

const BACKGROUNDS = ["#F3ECE4", "#F4E9EB", "#EAF0E7", "#F7EFE1", "#EEF1F1"];

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!,
  );
}

function safeColour(value: string | undefined): string {
  return value && /^#[0-9A-Fa-f]{6}$/.test(value) ? value : "#9A5663";
}

function product(kind: string, c: string, variant: number): string {
  const shapes: Record<string, string> = {
    bottle: `<rect x="300" y="300" width="200" height="380" rx="40" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="350" y="220" width="100" height="90" rx="12" fill="${c}"/><rect x="330" y="420" width="140" height="120" rx="10" fill="${c}" opacity=".15"/>`,
    dropper: `<rect x="310" y="340" width="180" height="340" rx="36" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="360" y="250" width="80" height="100" rx="10" fill="${c}"/><ellipse cx="400" cy="230" rx="34" ry="40" fill="${c}" opacity=".8"/><rect x="340" y="460" width="120" height="110" rx="8" fill="${c}" opacity=".15"/>`,
    jar: `<rect x="240" y="420" width="320" height="240" rx="60" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="230" y="360" width="340" height="80" rx="24" fill="${c}"/><rect x="300" y="500" width="200" height="90" rx="10" fill="${c}" opacity=".15"/>`,
    tube: `<path d="M320 200 h160 l-20 460 h-120 z" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="350" y="660" width="100" height="60" rx="10" fill="${c}"/><rect x="345" y="300" width="110" height="150" rx="8" fill="${c}" opacity=".15"/>`,
    stick: `<rect x="350" y="200" width="100" height="300" rx="20" fill="${c}"/><rect x="340" y="480" width="120" height="220" rx="16" fill="#fff" stroke="${c}" stroke-width="6"/>`,
    compact: `<circle cx="400" cy="450" r="200" fill="#fff" stroke="${c}" stroke-width="6"/><circle cx="400" cy="450" r="140" fill="${c}" opacity=".35"/>`,
    spray: `<rect x="300" y="320" width="200" height="360" rx="50" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="355" y="240" width="90" height="90" rx="10" fill="${c}"/><rect x="440" y="260" width="50" height="20" rx="6" fill="${c}"/>`,
    perfume: `<rect x="270" y="360" width="260" height="300" rx="30" fill="#fff" stroke="${c}" stroke-width="6"/><rect x="360" y="280" width="80" height="90" rx="8" fill="${c}"/><rect x="330" y="230" width="140" height="60" rx="14" fill="${c}" opacity=".8"/><rect x="310" y="460" width="180" height="100" rx="8" fill="${c}" opacity=".15"/>`,
    tool: `<rect x="380" y="180" width="40" height="360" rx="18" fill="${c}"/><path d="M330 560 q70 -60 140 0 l-20 160 h-100 z" fill="#fff" stroke="${c}" stroke-width="6"/>`,
  };
  const shape = shapes[kind] ?? shapes.bottle;
  const tilt = [0, -8, 6, 0][variant % 4];
  const scale = [1, 0.92, 1.08, 0.8][variant % 4];
  const extra =
    variant % 4 === 3
      ? `<circle cx="620" cy="220" r="40" fill="${c}" opacity=".25"/><circle cx="180" cy="600" r="26" fill="${c}" opacity=".2"/>`
      : "";
  return `<ellipse cx="400" cy="700" rx="260" ry="26" fill="#000" opacity=".06"/><g transform="rotate(${tilt} 400 450) translate(400 450) scale(${scale}) translate(-400 -450)">${shape}</g>${extra}`;
}

export function drawIllustration(spec: IllustrationSpec, width: number, height: number): string {
  const c = safeColour(spec.colour);
  const variant = spec.variant ?? 0;
  const bg = BACKGROUNDS[Math.abs(variant) % BACKGROUNDS.length];
  let body: string;
  if (spec.kind === "brand") {
    body = `<text x="${width / 2}" y="${height / 2 + 10}" text-anchor="middle" font-family="Georgia, serif" font-size="26" fill="${c}">${escapeXml(spec.label ?? "")}</text>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#FFFFFF"/>${body}</svg>`;
  }
  if (spec.kind === "post" || spec.kind === "project" || spec.kind === "category") {
    const cx = width / 2;
    const cy = height / 2;
    body = `<circle cx="${cx - width * 0.18}" cy="${cy}" r="${height * 0.28}" fill="${c}" opacity=".18"/><circle cx="${cx + width * 0.12}" cy="${cy - height * 0.08}" r="${height * 0.2}" fill="${c}" opacity=".3"/><rect x="${cx - 40}" y="${cy - height * 0.05}" width="80" height="${height * 0.32}" rx="18" fill="#fff" stroke="${c}" stroke-width="4"/><rect x="${cx - 22}" y="${cy - height * 0.12}" width="44" height="${height * 0.08}" rx="6" fill="${c}"/>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/>${body}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/>${product(spec.kind, c, variant)}</svg>`;
}

/** A sharing card's size: what the large networks show in full (decision 0105). */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * A picture as a sharing card, 1200×630: a cover (post, project, category) drawn at the card's size, a
 * product's square picture in the middle of its own background. The build renders these to PNG
 * (scripts/build-social-cards.mjs).
 */
export function drawSocialCard(spec: IllustrationSpec): string {
  const { width, height } = SOCIAL_CARD;
  if (spec.kind === "post" || spec.kind === "project" || spec.kind === "category" || spec.kind === "brand") {
    return drawIllustration(spec, width, height);
  }
  const bg = BACKGROUNDS[Math.abs(spec.variant ?? 0) % BACKGROUNDS.length];
  const square = drawIllustration(spec, height, height).replace("<svg ", `<svg x="${(width - height) / 2}" y="0" `);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/>${square}</svg>`;
}

export function brandLogotype(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40"><circle cx="18" cy="20" r="12" fill="none" stroke="#9A5663" stroke-width="2.5"/><circle cx="18" cy="20" r="4" fill="#9A5663"/><text x="38" y="27" font-family="Georgia, 'Times New Roman', serif" font-size="22" fill="#1F1B18">Noor Beauty</text></svg>`;
}

export function brandIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#FBF8F4"/><circle cx="32" cy="32" r="18" fill="none" stroke="#9A5663" stroke-width="4"/><circle cx="32" cy="32" r="6" fill="#9A5663"/></svg>`;
}
