// The cookies a real shopper carries, made the way a browser makes them: a page
// visit (visitor cookie), a POST /cart/add (one product in the bag) and, for the
// signed-in shopper, an account registered through the embedded CMS. Used by
// scripts/bench.mjs so "returning shopper" pages are measured with real sessions.

/** Cookie jar as one header: later Set-Cookie values replace earlier ones by name. */
function mergeCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return jar;
}

const header = (jar) => [...jar.values()].join("; ");

/** Every request has a deadline: the bench never waits on a hung answer. */
function get(url, jar) {
  return fetch(url, { headers: { cookie: header(jar) }, redirect: "manual", signal: AbortSignal.timeout(15_000) });
}

/**
 * A first visit to a category page, then "Add to bag" on its first product, as
 * the form posts it. The Origin header satisfies the Origin check; the hidden
 * `_csrf` field is sent too when the page still offers one.
 */
export async function returningShopper(url, categoryPath) {
  const jar = new Map();
  const page = await get(url + categoryPath, jar);
  mergeCookies(jar, page);
  const html = await page.text();
  const slug = html.match(/name="slug" value="([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error(`No add-to-bag form on ${categoryPath}`);
  const form = new URLSearchParams({ slug, quantity: "1" });
  const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (token) form.set("_csrf", token);
  const added = await fetch(`${url}/cart/add`, {
    method: "POST",
    headers: {
      cookie: header(jar),
      origin: url,
      referer: url + categoryPath,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  mergeCookies(jar, added);
  const answer = await added.json().catch(() => ({}));
  if (!added.ok || answer.count !== 1) {
    throw new Error(`Adding to the bag failed: ${added.status} ${JSON.stringify(answer)}`);
  }
  return { jar, slug, token, cookie: header(jar) };
}

/**
 * The returning shopper, signed in: registers through the embedded CMS's
 * Strapi-compatible API and carries its jwt in `strapi_jwt`, as the shop's own
 * sign-in form would set it. Returns null when the CMS wants e-mail
 * confirmation first (no jwt), so the bench reports the row as skipped.
 */
export async function signedInShopper(url, shopper) {
  const name = `bench${Date.now().toString(36)}`;
  const response = await fetch(`${url}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ username: name, email: `${name}@example.ae`, password: "Bench-password-1" }),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = await response.json().catch(() => ({}));
  if (!answer.jwt) return null;
  const jar = new Map(shopper.jar);
  jar.set("strapi_jwt", `strapi_jwt=${answer.jwt}`);
  // One signed-in page visit, so the sign-in hooks (bag merge) have run before measuring.
  const visit = await get(`${url}/user`, jar);
  await visit.arrayBuffer();
  mergeCookies(jar, visit);
  return { jar, cookie: header(jar) };
}
