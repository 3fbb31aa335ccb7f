import autocannon from "autocannon";
import { startFreshShop } from "./serve.mjs";

const shop = await startFreshShop({ log: false });
const url = shop.url;
const listing = await (await fetch(url + "/catalog/skincare")).text();
const slug = listing.match(/name="slug" value="([a-z0-9-]+)"/)[1];
const res = await fetch(url + "/cart/add", {
  method: "POST",
  redirect: "manual",
  headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ slug }),
});
const visitor = res.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .filter((p) => !p.startsWith("flash="))
  .join("; ");
const run = (path, headers) =>
  new Promise((r) => autocannon({ url: url + path, connections: 32, duration: 4, headers }, (e, x) => r(x)));
for (const [label, path, cookie] of [
  ["min", "/builds/latest.json", ""],
  ["anon", "/catalog/skincare", "i18n_redirected=en"],
  ["visitor cat", "/catalog/skincare", "i18n_redirected=en; " + visitor],
  ["min", "/builds/latest.json", ""],
]) {
  const h = { cookie };
  await fetch(url + path, { headers: h });
  const r = await run(path, h);
  console.log(label, Math.round(r.requests.average), "p50", r.latency.p50, "bad", r.non2xx + r.errors);
}
await shop.mf.dispose();
