import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkQuantity, QUANTITY_MAX } from "../../shared/cart-rules";
import { checkoutSchema } from "../../shared/forms/checkout";
import { checkForm } from "../../shared/forms/form-result";
import { en } from "../../shared/i18n/en";
import { plainTotals } from "../../shared/promotions/quote";
import { addLine } from "../../worker/platform/bag/cart-add";
import { countItems, listLines } from "../../worker/platform/bag/cart-store";
import { ensureCartId, mergeCarts } from "../../worker/platform/bag/cart-writes";
import { customer } from "./support/shop-fixtures";

const visitor = () => ({ kind: "visitor" as const, id: crypto.randomUUID().replaceAll("-", "") });
const user = () => ({ kind: "user" as const, id: String(Math.floor(Math.random() * 1e9)) });

describe("bag arithmetic", () => {
  it("accepts whole quantities from 1 to 99 and says what is wrong otherwise", () => {
    expect(checkQuantity("3", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 3 });
    expect(checkQuantity(99, en.bagActions.quantity, "en")).toEqual({ ok: true, value: 99 });
    expect(checkQuantity("0", en.bagActions.quantity, "en")).toEqual({
      ok: false,
      message: "The quantity must be at least 1.",
    });
    expect(checkQuantity("100", en.bagActions.quantity, "en")).toEqual({
      ok: false,
      message: "You can order at most 99 of one product.",
    });
    expect(checkQuantity("2.5", en.bagActions.quantity, "en")).toEqual({
      ok: false,
      message: "Enter a whole number of items.",
    });
    expect(checkQuantity("lots", en.bagActions.quantity, "en")).toEqual({
      ok: false,
      message: "Enter a whole number of items.",
    });
  });

  it("reads only decimal digits as a quantity: not hex, exponents, signs or decimals", () => {
    const whole = { ok: false, message: "Enter a whole number of items." };
    for (const typed of ["0x5", "1e1", "+5", "5.0", "0b1", "5 5", "", "  ", "-0", "٥.٠"]) {
      expect(checkQuantity(typed, en.bagActions.quantity, "en"), typed).toEqual(whole);
    }
    // Spaces around the digits are the field's, not the number's.
    expect(checkQuantity(" 5", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 5 });
    expect(checkQuantity("05", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 5 });
    // Arabic keyboards type Arabic-Indic digits (and Persian ones their own forms).
    expect(checkQuantity("٥", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 5 });
    expect(checkQuantity("١٢", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 12 });
    expect(checkQuantity("۷", en.bagActions.quantity, "en")).toEqual({ ok: true, value: 7 });
    expect(checkQuantity("١٠٠", en.bagActions.quantity, "en")).toEqual({
      ok: false,
      message: "You can order at most 99 of one product.",
    });
  });

  it("totals in fils with delivery and the 5% VAT included, line by line", () => {
    const totals = plainTotals(
      [
        { unitPrice: 12900, quantity: 2 },
        { unitPrice: 4550, quantity: 1 },
      ],
      "transport",
    );
    expect(totals.subtotal).toBe(30350);
    expect(totals.delivery).toBe(0); // free from AED 300
    expect(totals.total).toBe(30350);
    expect(totals.vat).toBe(Math.round((25800 * 5) / 105) + Math.round((4550 * 5) / 105));
    const small = plainTotals([{ unitPrice: 9900, quantity: 1 }], "transport");
    expect(small.delivery).toBe(2500);
    expect(small.total).toBe(12400);
    expect(plainTotals([{ unitPrice: 9900, quantity: 1 }], "pickup").delivery).toBe(0);
  });
});

describe("bag storage", () => {
  it("adds to an existing line and caps the quantity at the limit", async () => {
    const owner = visitor();
    const cartId = await ensureCartId(env.DB, owner);
    await addLine(env.DB, owner, {
      variantSku: "",
      productSlug: "rose-serum",
      quantity: 60,
      price: 12900,
      availability: "in_stock",
    });
    const second = await addLine(env.DB, owner, {
      variantSku: "",
      productSlug: "rose-serum",
      quantity: 60,
      price: 12900,
      availability: "in_stock",
    });
    expect(second).toEqual({ ok: true, quantity: QUANTITY_MAX, capped: true });
    const lines = await listLines(env.DB, cartId);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(QUANTITY_MAX);
  });

  it("creates one cart per owner even when two first adds race", async () => {
    const owner = visitor();
    const [a, b] = await Promise.all([ensureCartId(env.DB, owner), ensureCartId(env.DB, owner)]);
    expect(a).toBe(b);
  });

  it("merges a visitor's bag into the account on sign-in, adding quantities and capping them", async () => {
    const anonymous = visitor();
    const account = user();
    await ensureCartId(env.DB, anonymous);
    const userCart = await ensureCartId(env.DB, account);
    await addLine(env.DB, anonymous, {
      variantSku: "",
      productSlug: "oud-mist",
      quantity: 2,
      price: 25000,
      availability: "in_stock",
    });
    await addLine(env.DB, anonymous, {
      variantSku: "",
      productSlug: "clay-mask",
      quantity: 90,
      price: 8000,
      availability: "in_stock",
    });
    await addLine(env.DB, account, {
      variantSku: "",
      productSlug: "clay-mask",
      quantity: 20,
      price: 8000,
      availability: "in_stock",
    });
    await mergeCarts(env.DB, anonymous, account);
    const lines = await listLines(env.DB, userCart);
    expect(Object.fromEntries(lines.map((l) => [l.productSlug, l.quantity]))).toEqual({
      "oud-mist": 2,
      "clay-mask": 99,
    });
    expect(await countItems(env.DB, anonymous)).toBe(0);
    expect(await countItems(env.DB, account)).toBe(101);
  });
});

describe("checkout validation", () => {
  const good = { ...customer, email: "Mariam@Example.ae" };

  it("accepts a complete UAE order and normalises the e-mail", () => {
    const result = checkForm(checkoutSchema(en.checkout), good);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.email).toBe("mariam@example.ae");
  });

  it("accepts international phone numbers and a pickup without an address", () => {
    const result = checkForm(checkoutSchema(en.checkout), {
      ...good,
      phone: "+44 20 7946 0958",
      delivery: "pickup",
      address: "",
      city: "",
      region: "",
    });
    expect(result.ok).toBe(true);
  });

  it("puts a specific message beside each wrong field", () => {
    const result = checkForm(checkoutSchema(en.checkout), {
      ...good,
      firstName: " ",
      email: "mariam@",
      phone: "12345",
      address: "",
      consent: "",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      firstName: "Please enter your first name.",
      email: "This e-mail doesn't look right. Check it, e.g. name@example.com.",
      phone: "Enter a UAE number like 050 123 4567 or an international one starting with +.",
      address: "Please enter the delivery address.",
      consent: "Please accept the privacy policy to place the order.",
    });
  });
});
