import { describe, expect, it } from "vitest";
import {
  lookupFailed,
  type NotKept,
  newFate,
  type PageFate,
  spoiltWhileStreaming,
  whyNotKept,
} from "../../worker/platform/page-fate";

/*
 * What a page rendered for keeping may be kept as (decision 0096): the page shell reads it from the
 * page's fate alone. The second ask and a page's own cookies are the shell's (page-shells tests).
 */

function fate(status: number, ...against: NotKept[]): PageFate {
  const made = newFate(["content", "stock", "layout:en"]);
  made.status = status;
  for (const reason of against) made.against.add(reason);
  return made;
}

describe("a page's fate", () => {
  it("starts with nothing drawn, the tags every page shows, nothing against it and no frame", () => {
    const made = newFate(["content", "stock", "layout:en"]);
    expect(made.status).toBe(0);
    expect([...(made.tags ?? [])]).toEqual(["content", "stock", "layout:en"]);
    expect(made.against.size).toBe(0);
    expect(made.filled).toBeNull();
  });

  it("lets a page drawn at 200 or 404 with nothing against it be kept", () => {
    expect(whyNotKept(fate(200))).toBeNull();
    expect(whyNotKept(fate(404))).toBeNull();
  });

  it("keeps no page drawn at another status, or not drawn at all", () => {
    expect(whyNotKept(fate(0))).toBe("status");
    expect(whyNotKept(fate(500))).toBe("status");
    expect(whyNotKept(fate(301))).toBe("status");
  });

  it("keeps no page whose render failed, whatever its status", () => {
    expect(whyNotKept(fate(200, "render-failed"))).toBe("render-failed");
    expect(whyNotKept(fate(404, "render-failed"))).toBe("render-failed");
  });

  it("keeps no page drawn while the CMS or D1 failed, 404 or 200 (decision 0101)", () => {
    expect(whyNotKept(fate(404, "cms-failed"))).toBe("cms-failed");
    expect(whyNotKept(fate(200, "cms-failed"))).toBe("cms-failed");
    expect(whyNotKept(fate(404, "db-failed"))).toBe("db-failed");
    expect(whyNotKept(fate(200, "db-failed"))).toBe("db-failed");
  });

  it("tells a failed look-up from the other reasons, and what spoils a copy while it streams", () => {
    expect(lookupFailed(undefined)).toBe(false);
    expect(lookupFailed(fate(200))).toBe(false);
    expect(lookupFailed(fate(404, "told-by-held-records"))).toBe(false);
    expect(lookupFailed(fate(200, "render-failed"))).toBe(false);
    expect(lookupFailed(fate(200, "cms-failed"))).toBe(true);
    expect(lookupFailed(fate(200, "db-failed"))).toBe(true);
    expect(spoiltWhileStreaming(fate(200))).toBe(false);
    expect(spoiltWhileStreaming(fate(200, "render-failed"))).toBe(true);
    expect(spoiltWhileStreaming(fate(200, "db-failed"))).toBe(true);
  });

  it("keeps no 404 that held records told", () => {
    expect(whyNotKept(fate(404, "told-by-held-records"))).toBe("told-by-held-records");
  });
});
