import { describe, expect, it } from "vitest";
import { IsolateCache } from "../../worker/platform/caches/isolate-cache";

describe("IsolateCache (settled values in an isolate's memory)", () => {
  it("answers a value with its age, and forgets it at maxAgeMs to the millisecond", () => {
    const cache = new IsolateCache<string>(10, 1_000);
    cache.set("a", "alpha", 5_000);
    expect(cache.get("a", 5_999)).toEqual({ value: "alpha", ageMs: 999 });
    expect(cache.get("a", 6_000)).toBeNull();
    // Forgotten, not only hidden: an earlier clock does not bring it back.
    expect(cache.get("a", 5_500)).toBeNull();
  });

  it("forgets a value kept under a clock that has since gone back, rather than keep it forever", () => {
    const cache = new IsolateCache<string>(10, 1_000);
    cache.set("a", "kept at a later time", 10_000);
    expect(cache.get("a", 9_999)).toBeNull();
    expect(cache.get("a", 10_000)).toBeNull();
    // Also with no age limit: a negative age is no age.
    const unbounded = new IsolateCache<string>(10);
    unbounded.set("b", "kept at a later time", 10_000);
    expect(unbounded.get("b", 9_000)).toBeNull();
  });

  it("stays within maxEntries: the aged-out go first, then the oldest", () => {
    const cache = new IsolateCache<number>(3, 1_000);
    cache.set("old", 1, 0);
    cache.set("b", 2, 900);
    cache.set("c", 3, 950);
    // Full at 1 000 ms: "old" is past its age and goes; b and c stay.
    cache.set("d", 4, 1_000);
    expect(cache.get("old", 1_000)).toBeNull();
    expect([cache.get("b", 1_000)?.value, cache.get("c", 1_000)?.value, cache.get("d", 1_000)?.value]).toEqual([
      2, 3, 4,
    ]);
    // Full again with none aged out: the oldest (b) makes room.
    cache.set("e", 5, 1_001);
    expect(cache.get("b", 1_001)).toBeNull();
    expect(cache.get("e", 1_001)?.value).toBe(5);
  });

  it("a value set again is the newest, and a deleted one is gone", () => {
    const cache = new IsolateCache<number>(2);
    cache.set("a", 1, 0);
    cache.set("b", 2, 1);
    cache.set("a", 10, 2);
    cache.set("c", 3, 3);
    expect(cache.get("b", 3)).toBeNull();
    expect(cache.get("a", 3)?.value).toBe(10);
    cache.delete("a");
    expect(cache.get("a", 3)).toBeNull();
  });
});
