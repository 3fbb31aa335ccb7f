// What the bench's sections share (scripts/bench.mjs, scripts/bench-staff.mjs): the settings,
// workerd's CPU time, one autocannon measurement, and the visitors and pages it measures with.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** A request without an answer after this long counts as hung. */
export const timeoutSeconds = 10;

/** Total CPU seconds (user + system) used so far by every workerd process under us. */
export function workerdCpuSeconds() {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (comm !== "workerd" || !isOurs(Number(pid))) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

function isOurs(pid) {
  let current = pid;
  for (let i = 0; i < 10 && current > 1; i++) {
    if (current === process.pid) return true;
    const stat = readFileSync(`/proc/${current}/stat`, "utf8");
    current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  return false;
}

export async function load(url, options = {}) {
  const cpuBefore = workerdCpuSeconds();
  const result = await autocannon({ url, connections, duration: seconds, timeout: timeoutSeconds, ...options });
  const cpu = workerdCpuSeconds() - cpuBefore;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: requests ? (cpu * 1000) / requests : 0,
    bytes: requests ? result.throughput.total / requests : 0,
    // autocannon counts a timeout among its errors too.
    bad: result.non2xx + result.errors,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

/** What failed of a measurement: the answers that were not 2xx by status, errors and timeouts ("" when none). */
export function failures(r) {
  const statuses = Object.entries(r.statuses ?? {}).filter(([code]) => !code.startsWith("2"));
  const errors = r.errors - r.timeouts;
  return [
    ...statuses.map(([code, count]) => `${code} ×${count}`),
    ...(errors > 0 ? [`errors ×${errors}`] : []),
    ...(r.timeouts > 0 ? [`timeouts ×${r.timeouts}`] : []),
  ].join(", ");
}

/** "303 ×2 410, 429 ×3": what the shop answered, by status. */
export const answers = (statuses) =>
  Object.entries(statuses)
    .map(([code, count]) => `${code} ×${count}`)
    .join(", ");

/** The n-th bench shopper's address: shoppers browse from addresses of their own, as real ones do. */
/** A cash order collected at the shop: what every section's shopper checks out with. */
export const BENCH_ORDER = {
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.ae",
  phone: "0501234567",
  delivery: "pickup",
  payment: "cash",
  consent: "on",
};

export const shopperAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export function average(samples) {
  const keys = Object.keys(samples[0]);
  return Object.fromEntries(keys.map((k) => [k, samples.reduce((sum, s) => sum + s[k], 0) / samples.length]));
}

export const fmt = (n, d = 0) => n.toFixed(d);
export const minimal = "/builds/latest.json";

/** fetch with a deadline: a hung answer fails the bench instead of hanging it. */
export async function fetchOnce(url, init = {}) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutSeconds * 3000) });
  } catch (error) {
    throw new Error(`${init.method ?? "GET"} ${url}: no answer in ${timeoutSeconds * 3} s`, { cause: error });
  }
}

/** The response's lasting cookies as a Cookie header (a one-shot flash message is shown once, then gone). */
function cookiesOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.startsWith("flash="))
    .join("; ");
}

/** A returning shopper: the visitor cookie the shop set when they put one product in the bag. */
export async function returningShopper(url, slug, address = shopperAddress(1)) {
  const res = await fetchOnce(`${url}/cart/add`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address },
    body: new URLSearchParams({ slug, quantity: "1" }),
  });
  return `i18n_redirected=en; ${cookiesOf(res)}`;
}

/** An account registered through the CMS's API and signed in through the shop's form: its cookie and e-mail. */
export async function signedInAccount(url, prefix = "bench") {
  const tag = `${prefix}${Date.now().toString(36)}`;
  const account = { username: tag, email: `${tag}@example.ae`, password: "Rosewater-2024" };
  const registered = await fetchOnce(`${url}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "127.0.0.2" },
    body: JSON.stringify(account),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const login = await fetchOnce(`${url}/user/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "127.0.0.2" },
    body: new URLSearchParams({ identifier: account.email, password: account.password, redirect: "/" }),
  });
  const cookie = `i18n_redirected=en; ${cookiesOf(login)}`;
  if (!cookie.includes("strapi_jwt=")) throw new Error(`sign-in failed: ${login.status}`);
  return { cookie, email: account.email };
}

/** A signed-in shopper with one product in the bag. */
export async function signedInShopper(url, slug) {
  const { cookie } = await signedInAccount(url);
  await fetchOnce(`${url}/cart/add`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ slug, quantity: "1" }),
  });
  return cookie;
}

/** Paths of the main pages, found in the running shop (the first product and post it lists). */
export async function mainPages(url) {
  const listing = await (await fetchOnce(`${url}/catalog/skincare`)).text();
  const blog = await (await fetchOnce(`${url}/blog`)).text();
  const makeup = await (await fetchOnce(`${url}/search?q=lipstick`)).text();
  return {
    home: "/",
    category: "/catalog/skincare",
    product: listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1] ?? "/catalog/skincare",
    // A product with shades (picker, stock per shade, ProductGroup JSON-LD).
    shades:
      makeup.match(/href="(\/catalog\/makeup\/[a-z0-9-]*lipstick[a-z0-9-]*)"/)?.[1] ??
      makeup.match(/href="(\/catalog\/makeup\/[a-z0-9-]+)"/)?.[1] ??
      "/catalog/makeup",
    post: blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1] ?? "/blog",
    info: "/company",
    search: "/search?q=serum",
    slug: listing.match(/name="slug" value="([a-z0-9-]+)"/)?.[1],
  };
}

/**
 * Every request a new kept page's key, so each is a full streamed render (records from KV or the
 * CMS). A page's key holds only the parameters it reads (frame/shells/page-query.ts), so a
 * listing is asked with a new price ceiling each time, above every price (the same products).
 * Pages that read no such parameter are measured in a shop with PAGE_SHELLS_ENABLED=false.
 */
export function shellMisses(path) {
  if (!/^\/(catalog|brands)\/[a-z0-9-]+$/.test(path)) {
    throw new Error(`${path}: only a listing has a parameter to vary; start the shop with PAGE_SHELLS_ENABLED=false`);
  }
  let n = 0;
  return [{ method: "GET", setupRequest: (req) => ({ ...req, path: `${path}?cost%5Bmax%5D=${999_999 - n++}` }) }];
}
