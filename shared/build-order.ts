/**
 * Whether the build `latest.json` names is newer than the one a page was rendered by (decision 0111).
 * During a gradual rollout (`npm run rollout`) two versions answer side by side, and each poll of
 * /builds/latest.json may reach either: a page compares upload times, never mere difference, so it
 * moves forward to the new version only, and a page of the new version never "updates" back to the old.
 * A page with no upload time (rendered before pages carried one) takes any build with one as newer.
 */
export interface BuildStamp {
  id?: string;
  /** When the version was uploaded (ISO 8601), from the version metadata binding; "" or absent when unknown. */
  timestamp?: string;
}

/** What a page says of its build: `<html data-build data-build-time>` (worker/frame/document/document.tsx), read as its dataset. */
export interface PageBuild {
  buildTime?: string;
}

/**
 * Short on purpose: it ships in the 3 KB runtime (scripts/check-budget.mjs). Only the times are compared: a
 * later upload is another version, the same build has the same time. `Date.parse` of nothing is NaN, and
 * NaN compares false: a latest build without a time is never newer.
 */
export function isNewerBuild(page: PageBuild, latest: BuildStamp): boolean {
  return Date.parse(latest.timestamp as string) > (Date.parse(page.buildTime as string) || 0);
}
