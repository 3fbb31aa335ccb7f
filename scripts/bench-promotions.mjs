// Promotions (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md), section
// `promotions`: adding to the bag and placing an order with a code applied beside the same without
// one (the target: at most 1.2× the CPU), and the race of a code with 100 uses sent by 150 shoppers at
// once (the target: exactly 100 discounted orders, every other shopper told "This code has been used
// up." with their bag kept, no other failure).
import { BENCH_ORDER, fetchOnce, fmt, returningShopper, shopperAddress, workerdCpuSeconds } from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

const PER_ROUND = 64;
const ROUNDS = 2;
const RACERS = 150;
const USES = 100;

const form = (url, shopper, accept = "text/html") => ({
  origin: url,
  "content-type": "application/x-www-form-urlencoded",
  accept,
  cookie: shopper.cookie,
  "cf-connecting-ip": shopper.address,
});

/** A code promotion in the shop's D1: AED 10 off the order, `uses` uses in all (null: no limit). */
async function codePromotion(db, code, uses) {
  const { id } = await db
    .prepare(
      `INSERT INTO promotions (name, applies, gives_json, uses_max, combinable) VALUES (?1, 'code', ?2, ?3, 1) RETURNING id`,
    )
    .bind(`Bench ${code}`, JSON.stringify({ kind: "fixed", amount: 1000 }), uses)
    .first();
  await db.prepare("INSERT INTO promotion_codes (code, promotion_id) VALUES (?1, ?2)").bind(code, id).run();
  return id;
}

async function shoppers(url, slug, from, count, code) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const address = shopperAddress(from + i);
    const shopper = { address, cookie: await returningShopper(url, slug, address) };
    if (code) {
      const res = await fetchOnce(`${url}/cart/code`, {
        method: "POST",
        redirect: "manual",
        headers: form(url, shopper),
        body: new URLSearchParams({ code }),
      });
      if (res.status !== 303) throw new Error(`The code ${code} was refused (${res.status})`);
    }
    made.push(shopper);
  }
  return made;
}

/** Each shopper adds one more and places an order, one after another: workerd's CPU per shopper. */
async function addAndOrder(url, slug, group) {
  const before = workerdCpuSeconds();
  for (const shopper of group) {
    const added = await fetchOnce(`${url}/cart/add`, {
      method: "POST",
      headers: form(url, shopper, "application/json"),
      body: new URLSearchParams({ slug, quantity: "1" }),
    });
    await added.arrayBuffer();
    const placed = await fetchOnce(`${url}/cart/order`, {
      method: "POST",
      redirect: "manual",
      headers: form(url, shopper),
      body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...BENCH_ORDER }),
    });
    await placed.arrayBuffer();
    if (!placed.headers.get("location")?.includes("/cart/order/"))
      throw new Error(`An order was refused (${placed.status})`);
  }
  return ((workerdCpuSeconds() - before) * 1000) / group.length;
}

export async function benchPromotions(slugOf) {
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const db = await mf.getD1Database("DB");
    const slug = await slugOf(url);
    await codePromotion(db, "BENCHTEN", null);
    const without = [];
    const withCode = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = 20_000 + round * 1000;
      const plain = await shoppers(url, slug, base, PER_ROUND, null);
      const coded = await shoppers(url, slug, base + 500, PER_ROUND, "BENCHTEN");
      without.push(await addAndOrder(url, slug, plain));
      withCode.push(await addAndOrder(url, slug, coded));
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log("\n| add to bag + place order, one shopper after another | CPU ms per shopper | vs without a code |");
    console.log("|---|---:|---:|");
    console.log(`| without a code (${ROUNDS} × ${PER_ROUND} shoppers) | ${fmt(mean(without), 2)} | 1.00× |`);
    console.log(
      `| with a code applied (${ROUNDS} × ${PER_ROUND} shoppers, alternating) | ${fmt(mean(withCode), 2)} | ${fmt(mean(withCode) / mean(without), 2)}× |`,
    );

    // The race: every racer's order sent at once.
    const raceId = await codePromotion(db, "BENCHRACE", USES);
    const racers = await shoppers(url, slug, 40_000, RACERS, "BENCHRACE");
    const answers = await Promise.all(
      racers.map(async (shopper) => {
        try {
          const res = await fetchOnce(`${url}/cart/order`, {
            method: "POST",
            redirect: "manual",
            headers: form(url, shopper),
            body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...BENCH_ORDER }),
          });
          await res.arrayBuffer();
          const to = res.headers.get("location") ?? "";
          if (to.includes("/cart/order/")) return "placed";
          if (res.status !== 303 || !to.endsWith("/cart")) return `failed ${res.status}`;
          // Back to the bag: it says why, and the bag is still there.
          const flash = res.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
          const bag = await (
            await fetchOnce(`${url}/cart`, { headers: { cookie: `${shopper.cookie}; ${flash}` } })
          ).text();
          if (!bag.includes("This code has been used up.")) return "refused without the sentence";
          return bag.includes("cart-line") ? "used up, bag kept" : "used up, bag lost";
        } catch (error) {
          return `failed ${error.message}`;
        }
      }),
    );
    const counted = new Map();
    for (const a of answers) counted.set(a, (counted.get(a) ?? 0) + 1);
    const discounted = await db
      .prepare("SELECT COUNT(DISTINCT order_id) AS n FROM order_discounts WHERE promotion_id = ?1")
      .bind(raceId)
      .first();
    const uses = await db.prepare("SELECT uses FROM promotions WHERE id = ?1").bind(raceId).first();
    console.log(`\n| the race: ${RACERS} shoppers, one code of ${USES} uses, every order sent at once | count |`);
    console.log("|---|---:|");
    console.log(`| orders placed with the discount (order_discounts) | ${discounted.n} |`);
    console.log(`| the code's uses counted | ${uses.uses} |`);
    for (const [answer, n] of [...counted].sort()) console.log(`| answered: ${answer} | ${n} |`);
  } finally {
    await mf.dispose();
  }
}
