import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, launchBrowser, loaded, newContext, PHONE, recordScripts, shopUrl } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the page shell", () => {
  it("renders the home page with its header and footer", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const response = await page.goto(shopUrl("/"));
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("Revolutionizing cosmetics in the UAE");
    await page.getByRole("banner").waitFor();
    await page.getByRole("navigation", { name: "Main", exact: true }).waitFor();
    await page.getByRole("search").waitFor();
    await page.getByRole("contentinfo").waitFor();
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });

  it("loads no React on a page whose islands were never touched", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(shopUrl("/company"));
    await loaded(page);
    expect(scripts.length).toBe(1);
    expect(scripts[0]).toMatch(/^\/assets\/runtime-[A-Z0-9]+\.js$/);
    await context.close();
  });

  it("hydrates the mobile menu island on first touch and opens it", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(shopUrl("/"));
    await loaded(page);
    expect(scripts.some((s) => s.includes("/islands/mobile-menu-"))).toBe(false);
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await toggle.click();
    const drawer = page.getByRole("navigation", { name: "Main menu" });
    await drawer.waitFor({ state: "visible" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(scripts.some((s) => s.includes("/islands/mobile-menu-"))).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });
});
