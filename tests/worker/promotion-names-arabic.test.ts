import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * A promotion's name in Arabic (docs/decisions/0129-promotion-names-in-arabic.md): saved from the desk's
 * form (trimmed, at most 80 characters, a sentence beside the field past that), shown on Arabic pages,
 * the English name there while it is empty, and kept by an order in the language it was placed in
 * whatever staff rename afterwards.
 */
const text = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("<!-- -->", "");
const WINTER = { name: "Winter make-up sale", nameAr: "تخفيضات الشتاء على المكياج" };

async function row(name: string) {
  return env.DB.prepare("SELECT id, version, name, name_ar FROM promotions WHERE name = ?1")
    .bind(name)
    .first<{ id: number; version: number; name: string; name_ar: string }>();
}

/** 10% off the whole order, applied by itself, added as the desk adds it. */
const tenPercent = { applies: "auto", kind: "percent", percent: "10", targetKind: "order", combinable: "yes" };

async function shopperWithBag(prefix: "" | "/ar"): Promise<Browser> {
  const [slug] = await productSlugs("in_stock", 1);
  const shopper = new Browser();
  const added = await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "2" }, { from: null });
  expect(added.status).toBe(303);
  return shopper;
}

async function placeOrder(shopper: Browser, prefix: "" | "/ar", email: string): Promise<string> {
  const placed = await shopper.post(
    `${prefix}/cart/order`,
    { idempotencyKey: crypto.randomUUID(), ...customer, email },
    { from: null },
  );
  expect(placed.status).toBe(303);
  return placed.headers.get("location")!;
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM order_discounts"),
    env.DB.prepare("DELETE FROM promotion_codes"),
    env.DB.prepare("DELETE FROM promotions"),
  ]);
});

describe("a promotion's name in Arabic on the desk", () => {
  it("saves it trimmed, shows both names on the list, and refuses one too long with a 422 beside the field", async () => {
    const { browser: staff } = await signedIn("staff");
    const tooLong = "ت".repeat(81);
    const bad = await staff.post("/staff/promotions", { ...WINTER, ...tenPercent, nameAr: tooLong }, { from: null });
    expect(bad.status).toBe(422);
    const badPage = text(await bad.text());
    expect(badPage).toMatch(
      /id="promotion-nameAr-error"[^>]*>Shorten the Arabic name to 80 characters, or leave it empty to show the English name\.</,
    );
    // The field says it is wrong, is written right to left, and keeps what was typed.
    expect(badPage).toMatch(
      /<input id="promotion-nameAr" dir="rtl" lang="ar" aria-invalid="true" aria-describedby="promotion-nameAr-error" name="nameAr" value="ت{81}"\/>/,
    );
    expect(await row(WINTER.name)).toBeNull();

    const longest = "ت".repeat(80);
    const good = await staff.post(
      "/staff/promotions",
      { ...WINTER, ...tenPercent, nameAr: `  ${longest}  ` },
      { from: null },
    );
    expect(good.status).toBe(303);
    const saved = (await row(WINTER.name))!;
    expect(saved.name_ar).toBe(longest);
    const list = text(await (await staff.get("/staff/promotions")).text());
    expect(list).toContain(`>${WINTER.name}</a>`);
    expect(list).toContain(`<bdi lang="ar" dir="rtl">${longest}</bdi>`);

    // Changing it: the form starts from the saved Arabic name; too long again is refused beside its field.
    const page = text(await (await staff.get(`/staff/promotions/${saved.id}`)).text());
    expect(page).toMatch(/id="change-nameAr" dir="rtl" lang="ar" name="nameAr" value="ت{80}"/);
    const change = { ...WINTER, ...tenPercent, action: "change", version: String(saved.version) };
    const refused = await staff.post(`/staff/promotions/${saved.id}`, { ...change, nameAr: tooLong }, { from: null });
    expect(refused.status).toBe(422);
    expect(text(await refused.text())).toMatch(
      /id="change-nameAr-error"[^>]*>Shorten the Arabic name to 80 characters/,
    );
    const changed = await staff.post(`/staff/promotions/${saved.id}`, change, { from: null });
    expect(changed.status).toBe(303);
    expect((await row(WINTER.name))!.name_ar).toBe(WINTER.nameAr);
    const after = text(await (await staff.get(`/staff/promotions/${saved.id}`)).text());
    expect(after).toContain(`<dt>Name in Arabic</dt><dd><bdi lang="ar" dir="rtl">${WINTER.nameAr}</bdi></dd>`);
  });
});

describe("a promotion's name on the shop's pages", () => {
  it("is the Arabic name on Arabic pages and the English name on English ones", async () => {
    const { browser: staff } = await signedIn("staff");
    expect((await staff.post("/staff/promotions", { ...WINTER, ...tenPercent }, { from: null })).status).toBe(303);
    const arabic = text(await (await (await shopperWithBag("/ar")).get("/ar/cart")).text());
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    expect(arabic).toContain(`<bdi>${WINTER.nameAr}</bdi>`);
    expect(arabic).not.toContain(WINTER.name);
    const english = text(await (await (await shopperWithBag("")).get("/cart")).text());
    expect(english).toContain(`<bdi>${WINTER.name}</bdi>`);
    expect(english).not.toContain(WINTER.nameAr);
  });

  it("falls back to the English name on Arabic pages while the Arabic name is empty", async () => {
    const { browser: staff } = await signedIn("staff");
    const added = await staff.post("/staff/promotions", { ...WINTER, ...tenPercent, nameAr: "   " }, { from: null });
    expect(added.status).toBe(303);
    expect((await row(WINTER.name))!.name_ar).toBe("");
    const arabic = text(await (await (await shopperWithBag("/ar")).get("/ar/cart")).text());
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    expect(arabic).toContain(`<bdi>${WINTER.name}</bdi>`);
  });

  it("is kept by an order in the language it was placed in, whatever staff rename afterwards", async () => {
    const { browser: staff } = await signedIn("staff");
    expect((await staff.post("/staff/promotions", { ...WINTER, ...tenPercent }, { from: null })).status).toBe(303);
    const arabicShopper = await shopperWithBag("/ar");
    const arabicOrder = await placeOrder(arabicShopper, "/ar", "winter-ar@example.ae");
    const englishShopper = await shopperWithBag("");
    const englishOrder = await placeOrder(englishShopper, "", "winter-en@example.ae");
    const kept = async () =>
      (
        await env.DB.prepare(
          `SELECT o.locale, d.name FROM orders o JOIN order_discounts d ON d.order_id = o.id
           WHERE o.number IN (?1, ?2) ORDER BY o.locale`,
        )
          .bind(arabicOrder.split("/").at(-1), englishOrder.split("/").at(-1))
          .all<{ locale: string; name: string }>()
      ).results;
    expect(await kept()).toEqual([
      { locale: "ar", name: WINTER.nameAr },
      { locale: "en", name: WINTER.name },
    ]);
    // The confirmation e-mail, in the order's language, names the discount as the order keeps it.
    await drawMail();
    const mail = await env.DB.prepare("SELECT body_text FROM outbox WHERE recipient = ?1")
      .bind("winter-ar@example.ae")
      .first<{ body_text: string }>();
    expect(mail?.body_text).toContain(WINTER.nameAr);

    // Staff rename both names.
    const saved = (await row(WINTER.name))!;
    const renamed = { name: "Winter glow sale", nameAr: "تخفيضات إشراقة الشتاء" };
    const changed = await staff.post(
      `/staff/promotions/${saved.id}`,
      { ...tenPercent, ...renamed, action: "change", version: String(saved.version) },
      { from: null },
    );
    expect(changed.status).toBe(303);
    expect(await kept()).toEqual([
      { locale: "ar", name: WINTER.nameAr },
      { locale: "en", name: WINTER.name },
    ]);
    const arabicPage = text(await (await arabicShopper.get(arabicOrder)).text());
    expect(arabicPage).toContain(`<bdi>${WINTER.nameAr}</bdi>`);
    expect(arabicPage).not.toContain(renamed.nameAr);
    const englishPage = text(await (await englishShopper.get(englishOrder)).text());
    expect(englishPage).toContain(`<bdi>${WINTER.name}</bdi>`);
    // The desk's order page (in English) shows the Arabic order's discount as kept, isolated in its row.
    const deskPage = await (await staff.get(`/staff/orders/${arabicOrder.split("/").at(-1)}`)).text();
    expect(deskPage).toContain(`<th scope="row" colSpan="2"><bdi>${WINTER.nameAr}</bdi></th>`);
    // A bag now is given the new name.
    const bag = text(await (await (await shopperWithBag("/ar")).get("/ar/cart")).text());
    expect(bag).toContain(`<bdi>${renamed.nameAr}</bdi>`);
  }, 60_000);
});
