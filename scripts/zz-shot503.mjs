import { createServer } from "node:http";
import { chromium } from "playwright-core";
import { startFreshShop } from "./serve.mjs";

const a = await startFreshShop({});
let failMe = false;
const proxy = createServer(async (req, res) => {
  if (failMe && req.url.startsWith("/api/users/me")) { res.writeHead(500, { "content-type": "application/json" }); return res.end('{"data":null,"error":{"status":500,"name":"InternalServerError","message":"down","details":{}}}'); }
  const chunks = []; for await (const c of req) chunks.push(c);
  const headers = { ...req.headers }; delete headers.host; delete headers.connection;
  const r = await fetch(a.url + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: "manual" });
  const h = {}; r.headers.forEach((v, k) => { if (k !== "content-encoding" && k !== "content-length" && k !== "transfer-encoding") h[k] = v; });
  res.writeHead(r.status, h); res.end(Buffer.from(await r.arrayBuffer()));
});
await new Promise((ok) => proxy.listen(0, "127.0.0.1", ok));
const cmsUrl = `http://127.0.0.1:${proxy.address().port}`;
const b = await startFreshShop({ vars: { CMS_URL: cmsUrl } });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const email = `shot${Date.now()}@example.com`;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(b.url + "/user/signup", { waitUntil: "load" });
  await page.screenshot({ path: "/tmp/shot503/signup.png" });
  await page.locator('input[name="username"]').fill("Shot Tester").catch(() => {});
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("a-Long-pass-1234");
  await page.locator('form[action*="signup"] button[type="submit"], form button[type="submit"]').last().click();
  await page.waitForLoadState("load");
  console.log("after signup:", page.url());
  failMe = true;
  await new Promise((r) => setTimeout(r, 16_000));
  for (const lang of ["", "/ar"]) for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const resp = await page.goto(b.url + lang + "/user", { waitUntil: "load" });
    const name = `/tmp/shot503/account-503${lang.replace("/", "-") || "-en"}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name, resp.status(), resp.headers()["retry-after"]);
  }
} finally { await browser.close(); await b.mf.dispose(); await a.mf.dispose(); proxy.close(); }
