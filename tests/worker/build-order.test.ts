import { describe, expect, it } from "vitest";
import { isNewerBuild } from "../../shared/build-order";
import { fetchWorker } from "./fetch";

/** Two versions live side by side during a gradual rollout (`npm run rollout -- 10`, docs/deploying.md). */
const OLD = { id: "0d1e2f30-0000-4000-8000-00000000000a", timestamp: "2026-11-30T09:00:00.000Z" };
const NEW = { id: "7a8b9c0d-0000-4000-8000-00000000000b", timestamp: "2026-12-01T09:00:00.000Z" };
const page = (build: typeof OLD) => ({ buildTime: build.timestamp });

describe("which build a page moves to (decision 0111)", () => {
  it("moves a page of the old version to the new one, never a page of the new one back", () => {
    expect(isNewerBuild(page(OLD), NEW)).toBe(true);
    expect(isNewerBuild(page(NEW), OLD)).toBe(false);
    expect(isNewerBuild(page(NEW), NEW)).toBe(false);
    expect(isNewerBuild(page(OLD), OLD)).toBe(false);
  });

  it("takes a latest build without a time as no newer, and a page without one (rendered before pages carried it) as older", () => {
    expect(isNewerBuild(page(OLD), { id: NEW.id, timestamp: "" })).toBe(false);
    expect(isNewerBuild(page(OLD), { id: NEW.id })).toBe(false);
    expect(isNewerBuild({}, NEW)).toBe(true);
    expect(isNewerBuild({}, { id: "local", timestamp: "" })).toBe(false);
  });

  it("a page carries its build's upload time, the same that /builds/latest.json answers", async () => {
    const latest = (await (await fetchWorker("/builds/latest.json")).json()) as { id: string; timestamp: string };
    const html = await (await fetchWorker("/company")).text();
    expect(latest.timestamp).not.toBe("");
    expect(html).toContain(`data-build="${latest.id}" data-build-time="${latest.timestamp}"`);
    expect(isNewerBuild({ buildTime: latest.timestamp }, latest)).toBe(false);
  });
});
