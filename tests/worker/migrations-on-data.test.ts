import { type D1Migration, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Every migration tried on data. For each migration k: an empty database gets migrations 0..k, then
 * a row or two in every table of the shop's own records that exists at that point (with only the
 * columns it has then), then the rest of the migrations; every row must still be there with every
 * value it was written with, no table may hold fewer rows, and SQLite's foreign key and (quick) integrity
 * checks must pass. A migration that rebuilds a table (SQLite changes a key or a CHECK only so) and
 * forgets a column, a row or a key fails here, before it meets production's data.
 *
 * A new table of shop records gets its rows in FIXTURE below; a table that is not the shop's
 * records (rebuilt from elsewhere, or expiring by design) goes in NOT_RECORDS; a table or a column
 * a migration drops on purpose goes in RETIRED, with the migration that drops it. A test below
 * fails until every table is in one of them, so a new table cannot be missed.
 *
 * It runs in its own empty D1 (MIGRATION_DB, vitest.config.ts), emptied before each pass; DB is
 * migrated and seeded already by the setup file. A pass after every migration, not only after those
 * that change a table of records: all of them take well under 20 s (about 8 s on a busy 2-core machine).
 */

const db = env.MIGRATION_DB;
const migrations: D1Migration[] = env.TEST_MIGRATIONS;
/** Its own name, so the trial's bookkeeping can never be confused with DB's d1_migrations. */
const MIGRATIONS_TABLE = "trial_migrations";

type Value = string | number | null;
type Row = Record<string, Value>;

/**
 * Rows as the shop writes them, in the newest schema's columns; a pass writes only the columns a
 * table has at that migration. Parents come before their children (D1 enforces foreign keys).
 * Ids are far from any a migration seeds (product_reviews' sample reviews are 1–10).
 */
const FIXTURE: Record<string, Row[]> = {
  // The embedded CMS's catalogue and pages: the shop's content when CMS_URL is empty.
  cms_media: [
    {
      id: 901,
      name: "rosewood.png",
      url: "/uploads/rosewood.png",
      alternative_text: "Matte Liquid Lipstick in Rosewood",
      width: 800,
      height: 800,
      mime: "image/png",
      provider_metadata: '{"kind":"lipstick","colours":["#8e4b4b"]}',
    },
  ],
  cms_categories: [
    {
      id: 902,
      locale: "en",
      name: "Lips",
      slug: "lips",
      description: "Lipsticks and balms",
      image_id: 901,
      position: 3,
      updated_at: "2026-05-01T10:00:00.000Z",
    },
  ],
  cms_brands: [
    {
      id: 903,
      locale: "en",
      name: "Velvet Dune",
      slug: "velvet-dune",
      description: "Made in Dubai",
      colour: "#c08a6b",
      logo_id: 901,
      updated_at: "2026-05-01T10:00:00.000Z",
    },
  ],
  cms_product_lines: [{ id: 904, locale: "en", name: "Matte", slug: "matte", brand_id: 903 }],
  cms_products: [
    {
      id: 905,
      locale: "en",
      name: "Matte Liquid Lipstick",
      slug: "matte-liquid-lipstick",
      sku: "VD-MLL",
      description: "Long-wearing colour.",
      ingredients: "Isododecane, Dimethicone",
      how_to_use: "Apply from the centre outwards.",
      volume: "5 ml",
      price: 89.5,
      old_price: 99,
      availability: "in_stock",
      year: 2026,
      popularity: 42,
      brand_id: 903,
      line_id: 904,
      category_id: 902,
      published_at: "2026-05-02T09:00:00.000Z",
      updated_at: "2026-05-02T09:00:00.000Z",
    },
  ],
  cms_product_images: [{ product_id: 905, position: 0, media_id: 901 }],
  cms_product_variants: [
    {
      id: 906,
      product_id: 905,
      position: 1,
      name: "Rosewood",
      kind: "shade",
      sku: "VD-MLL-ROSE",
      price: 89.5,
      old_price: null,
      swatch: "#8e4b4b",
      image_id: 901,
      availability: "in_stock",
    },
  ],
  cms_tags: [{ id: 907, locale: "en", name: "Routines", slug: "routines" }],
  cms_blog_posts: [
    {
      id: 908,
      locale: "en",
      title: "A summer routine",
      slug: "a-summer-routine",
      excerpt: "Three steps for the heat.",
      content: "<p>Cleanse, protect, repeat.</p>",
      image_id: 901,
      published_at: "2026-06-01T08:00:00.000Z",
      updated_at: "2026-06-01T08:00:00.000Z",
    },
  ],
  cms_blog_post_tags: [{ post_id: 908, tag_id: 907 }],
  cms_projects: [
    {
      id: 909,
      locale: "en",
      title: "Bridal looks",
      slug: "bridal-looks",
      excerpt: "A season of weddings.",
      content: "<p>Portfolio.</p>",
      image_id: 901,
      published_at: "2026-04-01T08:00:00.000Z",
      updated_at: "2026-04-01T08:00:00.000Z",
    },
  ],
  cms_pages: [
    {
      id: 910,
      locale: "en",
      slug: "delivery",
      title: "Delivery",
      description: "How we deliver",
      content: "<p>Next day across the UAE.</p>",
      updated_at: "2026-03-01T08:00:00.000Z",
    },
  ],
  cms_single_types: [
    {
      kind: "contact",
      locale: "en",
      data: '{"phone":"+971 4 000 0000","email":"hello@noorbeauty.ae"}',
      updated_at: "2026-03-01T08:00:00.000Z",
    },
  ],
  cms_translations: [
    {
      model: "product",
      locale: "ar",
      entry_id: 905,
      field: "name",
      value: "أحمر شفاه سائل مطفي",
      updated_at: "2026-07-01T08:00:00.000Z",
    },
  ],

  // Accounts and their sessions.
  cms_users: [
    {
      id: 911,
      username: "hessa",
      email: "hessa@example.ae",
      provider: "local",
      password: "pbkdf2-sha256$100000$c2FsdA==$aGFzaA==",
      confirmed: 1,
      blocked: 0,
      first_name: "Hessa",
      last_name: "Al Marri",
      phone: "+971 50 123 4567",
      address: "Villa 12, Street 4",
      city: "Dubai",
      country: "AE",
      postcode: "00000",
      created_at: "2026-02-01T08:00:00.000Z",
      updated_at: "2026-02-02T08:00:00.000Z",
      tokens_valid_after: 1770000000,
      role: "staff",
    },
    {
      id: 912,
      username: "omar.fakeid",
      email: "omar@example.ae",
      provider: "fakeid",
      password: null,
      confirmed: 1,
      blocked: 1,
      first_name: "Omar",
      last_name: "Haddad",
      phone: null,
      address: null,
      city: "Sharjah",
      country: "AE",
      postcode: null,
      created_at: "2026-02-03T08:00:00.000Z",
      updated_at: "2026-02-03T08:00:00.000Z",
      tokens_valid_after: 0,
      role: "authenticated",
    },
  ],
  cms_auth_codes: [
    {
      code_hash: "a1".repeat(32),
      user_id: 911,
      purpose: "reset-password",
      expires_at: 1770003600,
      used_at: null,
      created_at: "2026-02-02T09:00:00.000Z",
    },
  ],
  cms_user_identities: [
    { provider: "fakeid", subject: "sub-4711", user_id: 912, created_at: "2026-02-03T08:00:00.000Z" },
  ],
  // A setting changed from the value 0020 inserts: a migration that inserts its defaults again
  // must not put it back.
  cms_auth_settings: [{ key: "allow_register", value: "false" }],
  account_avatars: [
    {
      user_id: 911,
      object_key: "avatars/911/3f2a.png",
      content_type: "image/png",
      size: 20480,
      updated_at: "2026-02-04T08:00:00.000Z",
    },
  ],
  account_locales: [{ user_id: 911, locale: "ar", updated_at: "2026-02-05T08:00:00.000Z" }],
  revoked_tokens: [{ token_hash: "b2".repeat(32), expires_at: 1770600000 }],
  shop_sessions: [
    {
      id_hash: "c3".repeat(32),
      user_id: 911,
      token_hash: "d4".repeat(32),
      created_at: 1770000100,
      expires_at: 1772592100,
      ended_at: null,
    },
    {
      id_hash: "e5".repeat(32),
      user_id: 912,
      token_hash: "f6".repeat(32),
      created_at: 1770000200,
      expires_at: 1772592200,
      ended_at: 1770000900,
    },
  ],

  // Shopping: favourites, bags, orders, payments, stock.
  favourites: [
    {
      owner_kind: "user",
      owner_id: "911",
      product_slug: "matte-liquid-lipstick",
      added_at: "2026-02-06T08:00:00.000Z",
    },
    { owner_kind: "visitor", owner_id: "v-7c1e", product_slug: "rose-toner", added_at: "2026-02-06T09:00:00.000Z" },
  ],
  carts: [
    {
      id: "cart-7c1e",
      owner_kind: "visitor",
      owner_id: "v-7c1e",
      created_at: "2026-02-07T08:00:00.000Z",
      updated_at: "2026-02-07T08:05:00.000Z",
    },
  ],
  cart_lines: [
    {
      cart_id: "cart-7c1e",
      product_slug: "matte-liquid-lipstick",
      variant_sku: "VD-MLL-ROSE",
      quantity: 2,
      price_seen: 8950,
      availability_seen: "in_stock",
      added_at: "2026-02-07T08:01:00.000Z",
    },
    {
      cart_id: "cart-7c1e",
      product_slug: "rose-toner",
      variant_sku: "",
      quantity: 1,
      price_seen: 12000,
      availability_seen: "prepurchase",
      added_at: "2026-02-07T08:02:00.000Z",
    },
  ],
  orders: [
    {
      id: 913,
      number: "NB-2026-000913",
      idempotency_key: "idem-913",
      user_id: 911,
      visitor_id: null,
      status: "shipped",
      first_name: "Hessa",
      last_name: "Al Marri",
      email: "hessa@example.ae",
      phone: "050 123 4567",
      delivery_method: "transport",
      address: "Villa 12, Street 4",
      city: "Dubai",
      region: "dubai",
      postcode: "00000",
      notes: "Leave with the guard",
      payment_method: "online",
      payment_reference: "cs_test_913",
      subtotal: 17900,
      delivery_fee: 1500,
      vat: 970,
      total: 20370,
      currency: "AED",
      created_at: "2026-02-08T08:00:00.000Z",
      updated_at: "2026-02-09T08:00:00.000Z",
      version: 3,
      change_id: "chg-913-3",
      carrier: "Aramex",
      tracking_number: "AX123456789",
      discount: 2685,
      cod_fee: 0,
      locale: "ar",
    },
    {
      id: 914,
      number: "NB-2026-000914",
      idempotency_key: "idem-914",
      user_id: null,
      visitor_id: "v-7c1e",
      status: "cancelled",
      first_name: "Layla",
      last_name: "Mansour",
      email: "layla@example.ae",
      phone: "+971 55 765 4321",
      delivery_method: "pickup",
      address: null,
      city: null,
      region: null,
      postcode: null,
      notes: null,
      payment_method: "cash",
      payment_reference: null,
      subtotal: 12000,
      delivery_fee: 0,
      vat: 600,
      total: 12600,
      currency: "AED",
      created_at: "2026-02-10T08:00:00.000Z",
      updated_at: "2026-02-10T09:00:00.000Z",
      version: 2,
      change_id: null,
      carrier: null,
      tracking_number: null,
      locale: "en",
    },
  ],
  order_lines: [
    {
      order_id: 913,
      position: 0,
      product_slug: "matte-liquid-lipstick",
      product_path: "/catalog/lips/matte-liquid-lipstick",
      name: "Matte Liquid Lipstick — Rosewood",
      brand: "Velvet Dune",
      unit_price: 8950,
      quantity: 2,
      line_total: 17900,
      prepurchase: 0,
      variant_name: "Rosewood",
      sku: "VD-MLL-ROSE",
      stock_taken: 2,
      stock_returned: 0,
      discount: 2685,
      gift: 0,
    },
    {
      order_id: 914,
      position: 0,
      product_slug: "rose-toner",
      product_path: "/catalog/skin/rose-toner",
      name: "Rose Toner",
      brand: null,
      unit_price: 12000,
      quantity: 1,
      line_total: 12000,
      prepurchase: 1,
      variant_name: null,
      sku: "RT-200",
      stock_taken: 0,
      stock_returned: 1,
    },
  ],
  order_events: [
    {
      id: 915,
      order_id: 913,
      kind: "status",
      from_status: "processing",
      to_status: "shipped",
      note: null,
      actor_id: 911,
      actor_name: "Hessa Al Marri",
      created_at: "2026-02-09T08:00:00.000Z",
    },
    {
      id: 916,
      order_id: 914,
      kind: "note",
      from_status: null,
      to_status: null,
      note: "Called: no longer needed",
      actor_id: 911,
      actor_name: "Hessa Al Marri",
      created_at: "2026-02-10T09:00:00.000Z",
    },
  ],
  // An account proving its e-mail, whose guest orders it claims at its first confirmed sign-in
  // (migrations/0154_account_email_proofs.sql).
  account_email_proofs: [{ user_id: 911, email: "hessa@example.ae", created_at: "2026-02-10T09:00:00.000Z" }],
  // An instalment order's capture, queued when the desk marked it shipped (migrations/0142_payment_tasks.sql).
  payment_tasks: [
    {
      id: 1,
      order_id: 913,
      kind: "capture",
      attempts: 2,
      next_at: "2026-02-09T10:20:00.000Z",
      last_error: "Tabby answered 503",
      done_at: null,
      created_at: "2026-02-09T10:00:00.000Z",
    },
  ],
  payment_events: [
    {
      event_id: "evt_913_paid",
      order_id: 913,
      kind: "checkout.session.completed",
      received_at: "2026-02-08T08:02:00.000Z",
    },
  ],
  promotions: [
    {
      id: 931,
      name: "Ramadan 15%",
      name_ar: "رمضان ١٥٪",
      applies: "code",
      gives_json: '{"kind":"percent","percent":15,"cap":5000}',
      target_kind: "brand",
      target_values: '["velvet-dune"]',
      min_subtotal: 10000,
      min_quantity: 0,
      starts_at: "2026-02-18T20:00:00.000Z",
      ends_at: "2026-03-19T20:00:00.000Z",
      first_order_only: 0,
      uses_max: 100,
      uses: 1,
      uses_per_shopper: 1,
      combinable: 0,
      priority: 5,
      paused: 0,
      version: 2,
      created_at: "2026-02-01T08:00:00.000Z",
      updated_at: "2026-02-02T08:00:00.000Z",
    },
  ],
  promotion_codes: [
    { code: "RAMADAN15", promotion_id: 931, single_use: 0, uses: 1, created_at: "2026-02-01T08:00:00.000Z" },
  ],
  promotion_shopper_uses: [{ promotion_id: 931, shopper_key: "user:911", uses: 1, ceiling: 1 }],
  cart_codes: [{ cart_id: "cart-7c1e", code: "RAMADAN15", added_at: "2026-02-07T08:03:00.000Z" }],
  order_discounts: [
    {
      order_id: 913,
      position: 0,
      promotion_id: 931,
      name: "Ramadan 15%",
      code: "RAMADAN15",
      kind: "percent",
      amount: 2685,
      limited_to: null,
    },
  ],
  shop_settings: [
    {
      key: "delivery",
      value: '{"deliveryFee":2500,"freeDeliveryFrom":30000,"cashFee":0,"cashMax":null}',
      version: 1,
      updated_at: "2026-02-01T08:00:00.000Z",
    },
  ],
  invoice_counters: [
    { sequence: "invoice", last: 1 },
    { sequence: "credit_note", last: 0 },
  ],
  invoices: [
    {
      id: 921,
      kind: "invoice",
      number: 1,
      order_id: 913,
      refers_to: null,
      issued_at: "2026-02-08T08:02:00.000Z",
      snapshot: '{"seller":{"legalNameEn":"Noor Beauty Trading LLC","trn":"100123456700003"},"total":15215,"vat":725}',
    },
  ],
  order_business_buyers: [
    {
      order_id: 913,
      company: "Al Noor Salon LLC",
      trn: "100987654300003",
      address: "Office 802, Al Khaleej Tower, Dubai",
    },
  ],
  stock_levels: [
    { sku: "VD-MLL-ROSE", product_slug: "matte-liquid-lipstick", on_hand: 17, updated_at: "2026-02-08T08:00:00.000Z" },
    { sku: "RT-200", product_slug: "rose-toner", on_hand: 0, updated_at: "2026-02-10T09:00:00.000Z" },
  ],
  stock_changes: [
    {
      id: "chg-stock-1",
      staff_id: 911,
      staff_name: "Hessa Al Marri",
      kind: "import",
      created_at: "2026-02-11T08:00:00.000Z",
    },
  ],
  stock_alerts: [
    {
      id: 917,
      sku: "RT-200",
      email: "layla@example.ae",
      product_slug: "rose-toner",
      product_path: "/catalog/skin/rose-toner",
      item_name: "Rose Toner",
      status: "confirmed",
      confirm_hash: "17".repeat(32),
      unsubscribe_hash: "18".repeat(32),
      user_id: null,
      created_at: "2026-02-10T10:00:00.000Z",
      confirmation_sent_at: "2026-02-10T10:00:01.000Z",
      confirmed_at: "2026-02-10T10:03:00.000Z",
      sent_at: null,
      unsubscribed_at: null,
      locale: "ar",
    },
  ],

  // Reviews and requests.
  product_reviews: [
    {
      id: 918,
      product_id: 905,
      owner_kind: "user",
      owner_id: "911",
      author_name: "Hessa",
      author_email: "hessa@example.ae",
      rating: 4,
      body: "Stays put all day <b>really</b>.",
      status: "approved",
      created_at: "2026-02-12T08:00:00.000Z",
    },
  ],
  shop_reviews: [
    {
      id: 919,
      public_id: "rev-919",
      status: "approved",
      name: "Mariam",
      email: "mariam@example.ae",
      rating: 5,
      body: "Quick delivery to Abu Dhabi.",
      fingerprint: "fp-919",
      dedupe_key: "fp-919:2026021208",
      created_at: "2026-02-12T08:10:00.000Z",
      approved_at: "2026-02-12T12:00:00.000Z",
    },
  ],
  shop_review_media: [
    {
      id: 920,
      review_id: 919,
      role: "photo",
      object_key: "reviews/919/1.jpg",
      content_type: "image/jpeg",
      size: 150000,
      position: 1,
    },
  ],
  shop_requests: [
    {
      id: 921,
      public_id: "req-921",
      kind: "wholesale",
      status: "in_progress",
      name: "Salon Lulu",
      phone: "+971 4 555 1234",
      email: "buying@salonlulu.ae",
      company: "Salon Lulu LLC",
      message: "Price list for 40 units a month?",
      attachment_key: "requests/921/licence.pdf",
      attachment_type: "application/pdf",
      attachment_name: "licence.pdf",
      attachment_size: 88000,
      fingerprint: "fp-921",
      dedupe_key: "fp-921:2026021308",
      created_at: "2026-02-13T08:00:00.000Z",
      updated_at: "2026-02-13T10:00:00.000Z",
      version: 2,
      change_id: "chg-921-2",
      staff_note: "Sent the trade price list",
    },
  ],

  // The staff desk's rules, audit and e-mails.
  redirect_rules: [
    {
      id: 922,
      from_path: "/old-lips",
      to_target: "/catalog/lips",
      status: 301,
      created_at: "2026-01-01T08:00:00.000Z",
      version: 2,
      updated_at: "2026-02-14T08:00:00.000Z",
    },
    {
      id: 923,
      from_path: "/partner",
      to_target: "https://partner.example/noor",
      status: 302,
      created_at: "2026-01-02T08:00:00.000Z",
      version: 1,
      updated_at: null,
    },
  ],
  staff_audit: [
    {
      id: 924,
      staff_id: 911,
      staff_name: "Hessa Al Marri",
      action: "status",
      record_kind: "order",
      record_id: "913",
      before_json: '{"status":"processing"}',
      after_json: '{"status":"shipped"}',
      created_at: "2026-02-09T08:00:00.000Z",
    },
    {
      // A redirect rule's history (migrations/0116 starts new rule ids past the ids it names).
      id: 9240,
      staff_id: 911,
      staff_name: "Hessa Al Marri",
      action: "change",
      record_kind: "redirect",
      record_id: "922",
      before_json: '{"fromPath":"/old-lips","toTarget":"/catalog","status":301}',
      after_json: '{"fromPath":"/old-lips","toTarget":"/catalog/lips","status":301}',
      created_at: "2026-02-14T08:00:00.000Z",
    },
  ],
  outbox: [
    {
      id: 925,
      recipient: "hessa@example.ae",
      subject: "Your order NB-2026-000913 is on its way",
      body_text: "Tracking: AX123456789",
      kind: "order-shipped",
      status: "failed",
      attempts: 3,
      created_at: "2026-02-09T08:00:00.000Z",
      sent_at: null,
      last_error: "502 from the mail API",
      last_attempt_at: "2026-02-09T08:15:00.000Z",
      change_id: "chg-913-3",
      headers: '{"List-Unsubscribe":"<https://shop.example/u>"}',
      body_html: "<p>Tracking: AX123456789</p>",
    },
  ],
  search_misses: [{ query: "oud oil", count: 7, first_seen: 1770000000, last_seen: 1770500000 }],
};

/** Tables that are not the shop's records: nothing is lost when a migration empties them. */
const NOT_RECORDS: Record<string, string> = {
  rate_limits: "counters that expire within minutes",
  search_products: "the search index, rebuilt from the CMS (docs/decisions/0079)",
  search_names: "the search index, rebuilt from the CMS",
  search_vocabulary: "a view of search_products",
  search_documents: "the search index, rebuilt from the CMS",
  search_state: "when the search index was last built; a rebuild sets it",
  ops_marks: "the last cron run and CMS webhook, overwritten each time (migrations/0130_ops_marks.sql)",
  [MIGRATIONS_TABLE]: "which migrations ran",
};

/** Tables and columns ("table.column") a migration drops on purpose, with the migration that does. */
const RETIRED: Record<string, string> = {
  revoked_tokens: "0072_shop_sessions.sql (replaced by shop_sessions)",
};

/** A table's columns (table_info leaves out generated columns, e.g. orders' search keys: none is written). */
type Columns = Set<string>;

/** The real tables now (not FTS5's virtual tables or their shadow tables) and their columns. */
async function schema(): Promise<Map<string, Columns>> {
  const { results } = await db.prepare("PRAGMA table_list").all<{ schema: string; name: string; type: string }>();
  const names = results
    .filter((t) => t.schema === "main" && t.type === "table" && !/^(sqlite_|_cf_|d1_)/.test(t.name))
    .map((t) => t.name);
  const infos = await db.batch<{ name: string }>(names.map((t) => db.prepare(`PRAGMA table_info("${t}")`)));
  return new Map(names.map((t, i) => [t, new Set((infos[i]?.results ?? []).map((c) => c.name))]));
}

/** The primary key's columns (those the row has: a key may have grown since it was written). */
async function keyOf(table: string, row: Row): Promise<[string, Value][]> {
  const { results } = await db.prepare(`PRAGMA table_info("${table}")`).all<{ name: string; pk: number }>();
  const key = results.filter((c) => c.pk > 0 && c.name in row).map((c) => c.name);
  return key.map((c) => [c, row[c] ?? null]);
}

/**
 * Migrations in order, as `wrangler d1 migrations apply` runs them, but a whole range in one batch
 * (one transaction, one round trip instead of one per migration), each recorded so the
 * next range starts after it. Like wrangler's, it runs with foreign keys on, which a migration
 * cannot turn off inside its transaction: a rebuild that drops a parent table (orders) deletes its
 * children (order_lines, order_events) through ON DELETE CASCADE, even with defer_foreign_keys on.
 */
async function apply(range: D1Migration[]): Promise<void> {
  await db.batch([
    db.prepare(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY)`),
    ...range.flatMap((m) => [
      ...m.queries.map((q) => db.prepare(q)),
      db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(m.name),
    ]),
  ]);
}

async function emptyDatabase(): Promise<void> {
  const list = async (where: string) =>
    (
      await db
        .prepare(
          `SELECT name FROM sqlite_master WHERE ${where} AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC`,
        )
        .all<{ name: string }>()
    ).results.map((r) => r.name);
  // Views and virtual tables first (dropping an FTS5 table drops its shadow tables), then the
  // rest, newest first, with foreign keys checked only at the end, when none is left.
  const first = [
    ...(await list("type = 'view'")).map((n) => `DROP VIEW "${n}"`),
    ...(await list("type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")).map((n) => `DROP TABLE "${n}"`),
  ];
  if (first.length > 0) await db.batch(first.map((sql) => db.prepare(sql)));
  const rest = (await list("type = 'table'")).map((n) => `DROP TABLE "${n}"`);
  if (rest.length > 0) {
    await db.batch(["PRAGMA defer_foreign_keys = ON", ...rest].map((sql) => db.prepare(sql)));
  }
}

async function rowCounts(tables: Iterable<string>): Promise<Map<string, number>> {
  const names = [...tables];
  const counts = await db.batch<{ n: number }>(names.map((t) => db.prepare(`SELECT count(*) AS n FROM "${t}"`)));
  return new Map(names.map((t, i) => [t, counts[i]?.results[0]?.n ?? 0]));
}

/** Writes FIXTURE's rows into the tables that exist now, each with the columns it has now. */
async function seed(tables: Map<string, Columns>): Promise<Map<string, Row[]>> {
  const written = new Map<string, Row[]>();
  const statements: D1PreparedStatement[] = [];
  for (const [table, rows] of Object.entries(FIXTURE)) {
    const have = tables.get(table);
    if (!have) continue;
    const kept = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => have.has(c))));
    for (const row of kept) {
      const names = Object.keys(row);
      // OR REPLACE: cms_auth_settings' row replaces the default its migration inserted.
      statements.push(
        db
          .prepare(
            `INSERT OR REPLACE INTO "${table}" (${names.map((c) => `"${c}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
          )
          .bind(...Object.values(row)),
      );
    }
    written.set(table, kept);
  }
  await db.batch(statements);
  return written;
}

/** What, of the rows written, is no longer there with every value it was written with. */
async function missing(written: Map<string, Row[]>, tables: Map<string, Columns>): Promise<string[]> {
  const problems: string[] = [];
  const lookups: { table: string; row: Row; statement: D1PreparedStatement }[] = [];
  for (const [table, rows] of written) {
    const have = tables.get(table);
    if (!have) {
      if (!RETIRED[table]) problems.push(`table ${table} is gone (${rows.length} rows)`);
      continue;
    }
    for (const row of rows) {
      const compared = Object.entries(row).filter(([c]) => {
        if (have.has(c)) return true;
        if (!RETIRED[`${table}.${c}`]) problems.push(`column ${table}.${c} is gone`);
        return false;
      });
      const where = compared.map(([c]) => `"${c}" IS ?`).join(" AND ");
      const statement = db
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`)
        .bind(...compared.map(([, v]) => v));
      lookups.push({ table, row, statement });
    }
  }
  const found = await db.batch<{ n: number }>(lookups.map((l) => l.statement));
  for (const [i, { table, row }] of lookups.entries()) {
    if (found[i]?.results[0]?.n === 1) continue;
    // What the row under the same key is now, so the message says which value went.
    const key = await keyOf(table, row);
    const now =
      key.length === 0
        ? null
        : await db
            .prepare(`SELECT * FROM "${table}" WHERE ${key.map(([c]) => `"${c}" IS ?`).join(" AND ")}`)
            .bind(...key.map(([, v]) => v))
            .first();
    problems.push(`${table} ${JSON.stringify(row)} is not there as written; under its key now: ${JSON.stringify(now)}`);
  }
  return [...new Set(problems)];
}

describe("every migration tried on data", () => {
  beforeAll(() => {
    // The trial is only as good as its migrations list: the same files the worker's D1 gets.
    expect(migrations.length).toBeGreaterThan(30);
  });

  it("knows every table of the newest schema: in FIXTURE, NOT_RECORDS or RETIRED", async () => {
    await emptyDatabase();
    await apply(migrations);
    const tables = await schema();
    const unknown = [...tables.keys()].filter((t) => !(t in FIXTURE || t in NOT_RECORDS || t in RETIRED));
    expect(unknown, "a table of shop records needs rows in FIXTURE").toEqual([]);
    // A column FIXTURE names that the newest schema has not is a typo, never written by any pass.
    for (const [table, rows] of Object.entries(FIXTURE)) {
      if (RETIRED[table]) continue;
      const have = tables.get(table) ?? new Set();
      const stray = Object.keys(rows[0] ?? {}).filter((c) => !have.has(c) && !RETIRED[`${table}.${c}`]);
      expect(stray, `FIXTURE.${table}`).toEqual([]);
    }
  });

  it.each(migrations.map((m, k) => [m.name, k] as const))(
    "rows written after %s survive every later migration",
    async (_name, k) => {
      await emptyDatabase();
      await apply(migrations.slice(0, k + 1));
      const then = await schema();
      const written = await seed(then);
      const before = await rowCounts(then.keys());
      await apply(migrations.slice(k + 1));

      const now = await schema();
      expect(await missing(written, now)).toEqual([]);
      const after = await rowCounts([...before.keys()].filter((t) => now.has(t)));
      const fewer = [...before]
        .filter(([t, n]) => !NOT_RECORDS[t] && !RETIRED[t] && (after.get(t) ?? 0) < n)
        .map(([t, n]) => `${t}: ${n} → ${after.get(t) ?? 0}`);
      expect(fewer, "tables holding fewer rows").toEqual([]);
      expect((await db.prepare("PRAGMA foreign_key_check").all()).results).toEqual([]);
      // integrity_check is not allowed in D1; quick_check is the same less the index-content checks.
      expect((await db.prepare("PRAGMA quick_check").all()).results).toEqual([{ quick_check: "ok" }]);
    },
  );
});

/**
 * The orders table rebuilt for its CHECKs (migrations/0140_orders_refused_and_instalments.sql): the
 * orders, their lines, events and discounts all kept, the same indexes, and foreign keys still
 * enforced afterwards (the children's REFERENCES name the new table, and deleting an order still
 * takes its children with it).
 */
describe("the orders table rebuilt for refused parcels and instalments", () => {
  const at = migrations.findIndex((m) => m.name.startsWith("0140_"));
  const orderIndexes = async () =>
    (
      await db
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' ORDER BY name")
        .all<{ name: string; sql: string | null }>()
    ).results;
  const children = ["order_lines", "order_events", "order_discounts"];

  it("keeps every order and child row, the indexes and the foreign keys", async () => {
    expect(at).toBeGreaterThan(0);
    await emptyDatabase();
    await apply(migrations.slice(0, at));
    await seed(await schema());
    const counts = await rowCounts(["orders", ...children]);
    expect([...counts.values()].every((n) => n > 0)).toBe(true);
    const snapshot = await db.batch(
      ["orders", ...children].map((t) => db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`)),
    );
    const indexes = await orderIndexes();
    expect(indexes.length).toBeGreaterThanOrEqual(12);

    await apply(migrations.slice(at, at + 1));

    expect(await rowCounts(["orders", ...children])).toEqual(counts);
    const after = await db.batch(["orders", ...children].map((t) => db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`)));
    expect(after.map((r) => r.results)).toEqual(snapshot.map((r) => r.results));
    expect(await orderIndexes()).toEqual(indexes);
    for (const child of children) {
      const keys = (await db.prepare(`PRAGMA foreign_key_list("${child}")`).all<{ table: string; on_delete: string }>())
        .results;
      expect(
        keys.map((k) => [k.table, k.on_delete]),
        child,
      ).toEqual([["orders", "CASCADE"]]);
    }
    expect(
      (await db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'kept_%' OR name LIKE '%_rebuilt'").all())
        .results,
    ).toEqual([]);
    expect((await db.prepare("PRAGMA foreign_key_check").all()).results).toEqual([]);

    // Still enforced: a line of no order is refused; an order's deletion takes its children.
    await expect(
      db
        .prepare(
          "INSERT INTO order_lines (order_id, position, product_slug, product_path, name, unit_price, quantity, line_total) VALUES (999999, 0, 'x', '/x', 'X', 1, 1, 1)",
        )
        .run(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.prepare("DELETE FROM orders WHERE id = 914").run();
    const left = await rowCounts(children);
    expect(left.get("order_lines")).toBe((counts.get("order_lines") ?? 0) - 1);
    expect(left.get("order_events")).toBe((counts.get("order_events") ?? 0) - 1);
  });

  it("allows 'refused' and the instalment providers, and nothing else new", async () => {
    await emptyDatabase();
    await apply(migrations);
    const insert = (number: string, status: string, payment: string) =>
      db
        .prepare(
          `INSERT INTO orders (number, idempotency_key, status, first_name, last_name, email, phone, delivery_method,
             payment_method, subtotal, delivery_fee, vat, total) VALUES (?, ?, ?, 'A', 'B', 'a@b.ae', '0501234567', 'pickup', ?, 1, 0, 0, 1)`,
        )
        .bind(number, number, status, payment)
        .run();
    await insert("NB-R-1", "refused", "cash");
    await insert("NB-T-1", "awaiting_payment", "tabby");
    await insert("NB-T-2", "awaiting_payment", "tamara");
    await expect(insert("NB-X-1", "lost", "cash")).rejects.toThrow(/CHECK/);
    await expect(insert("NB-X-2", "new", "cheque")).rejects.toThrow(/CHECK/);
    const keys = await db
      .prepare("SELECT phone_key FROM orders WHERE number = 'NB-R-1'")
      .first<{ phone_key: string }>();
    expect(keys?.phone_key).toBe("501234567");
  });
});
