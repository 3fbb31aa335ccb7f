import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts (no types), pure, checked here.
import { rollbackSpecs, rolloutSpecs } from "../../scripts/rollout-plan.mjs";

const version = (id: string, created: string) => ({ id, metadata: { created_on: created } });
const A = version("aaaaaaaa-0000-4000-8000-000000000001", "2026-11-28T10:00:00Z");
const B = version("bbbbbbbb-0000-4000-8000-000000000002", "2026-11-30T10:00:00Z");
const C = version("cccccccc-0000-4000-8000-000000000003", "2026-12-01T10:00:00Z");
const deployed = (...split: [typeof A, number][]) => ({
  versions: split.map(([v, percentage]) => ({ version_id: v.id, percentage })),
});

describe("npm run rollout and npm run rollback", () => {
  it("sends the share asked to the newest upload and the rest to the live version", () => {
    expect(rolloutSpecs(10, [A, B, C], deployed([B, 100]))).toEqual([`${C.id}@10%`, `${B.id}@90%`]);
    // Moving on during a rollout keeps the same old version.
    expect(rolloutSpecs(50, [A, B, C], deployed([C, 10], [B, 90]))).toEqual([`${C.id}@50%`, `${B.id}@50%`]);
    expect(rolloutSpecs(100, [A, B, C], deployed([C, 50], [B, 50]))).toEqual([`${C.id}@100%`]);
  });

  it("refuses a share that is no whole percentage, with the command to type", () => {
    for (const bad of [0, 101, 12.5, Number.NaN]) {
      expect(() => rolloutSpecs(bad, [B, C], deployed([B, 100]))).toThrow("npm run rollout -- 10");
    }
  });

  it("rolls back to the older live version during a rollout, else to the upload before the live one", () => {
    expect(rollbackSpecs([A, B, C], deployed([C, 10], [B, 90]))).toEqual([`${B.id}@100%`]);
    expect(rollbackSpecs([A, B, C], deployed([C, 100]))).toEqual([`${B.id}@100%`]);
    expect(rollbackSpecs([A, B, C], deployed([B, 100]))).toEqual([`${A.id}@100%`]);
    expect(() => rollbackSpecs([A], deployed([A, 100]))).toThrow("no version before");
  });
});
