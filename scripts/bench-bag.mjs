// The bench's bag rows (scripts/bench.mjs, section `bag`): adding to the bag, then adding and placing orders.
import { answers, BENCH_ORDER, connections, fmt, load, returningShopper, shopperAddress } from "./bench-kit.mjs";

/**
 * Adding to the bag and placing orders as many shoppers do: each shopper has their own visitor
 * cookie and address, so the per-visitor limits (60 adds a minute, 10 orders in 10 minutes) and
 * the per-address ones are those of real traffic, and the rows count what the shop answered by status.
 */
export async function benchBagAndOrder(mf, url, slug, base) {
  const shoppers = [];
  for (let i = 0; i < 256; i++) {
    const address = shopperAddress(1000 + i);
    shoppers.push({ address, cookie: await returningShopper(url, slug, address) });
  }
  const form = { origin: url, "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  const addBody = new URLSearchParams({ slug, quantity: "1" }).toString();
  let adds = 0;
  const add = await load(`${url}/cart/add`, {
    requests: [
      {
        method: "POST",
        body: addBody,
        setupRequest: (req) => {
          const shopper = shoppers[adds++ % shoppers.length];
          return { ...req, headers: { ...form, cookie: shopper.cookie, "cf-connecting-ip": shopper.address } };
        },
      },
    ],
  });
  // Each shopper adds a product and places an order, five times (their limit), then the next one.
  let pair = 0;
  const shopperOf = () => shoppers[Math.floor(pair / 5) % shoppers.length];
  const db = await mf.getD1Database("DB");
  const ordersBefore = (await db.prepare("SELECT COUNT(*) AS n FROM orders").first()).n;
  const started = performance.now();
  const placed = await load(`${url}/cart/add`, {
    connections: 1,
    amount: 2 * 5 * shoppers.length,
    requests: [
      {
        method: "POST",
        body: addBody,
        setupRequest: (req) => ({
          ...req,
          headers: { ...form, cookie: shopperOf().cookie, "cf-connecting-ip": shopperOf().address },
        }),
      },
      {
        method: "POST",
        path: "/cart/order",
        setupRequest: (req) => {
          const shopper = shopperOf();
          pair++;
          return {
            ...req,
            headers: { ...form, accept: "text/html", cookie: shopper.cookie, "cf-connecting-ip": shopper.address },
            body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...BENCH_ORDER }).toString(),
          };
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  const ordersPlaced = (await db.prepare("SELECT COUNT(*) AS n FROM orders").first()).n - ordersBefore;
  console.log("\n| action | req/s | p50 ms | CPU ms/req | vs minimal req/s | answers |");
  console.log("|---|---:|---:|---:|---:|---|");
  console.log(
    `| add to bag (POST /cart/add as the island sends it, ${connections} connections, 256 shoppers) | ${fmt(add.rps)} | ${fmt(add.p50)} | ${fmt(add.cpuMs, 2)} | ${fmt(add.rps / base.rps, 2)}× | ${answers(add.statuses)} |`,
  );
  console.log(
    `| add + place order (1 connection, a shopper's 5 orders each) | ${fmt(placed.rps)} | ${fmt(placed.p50)} | ${fmt(placed.cpuMs, 2)} | ${fmt(placed.rps / base.rps, 2)}× | ${answers(placed.statuses)}; ${ordersPlaced} orders placed, ${fmt(ordersPlaced / elapsed, 1)} orders/s |`,
  );
}
