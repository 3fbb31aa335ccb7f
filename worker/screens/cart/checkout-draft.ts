import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CheckoutValues } from "../../../client/islands/checkout-form";
import { CHECKOUT_DRAFT_COOKIE } from "../../../shared/cookie-names";
import type { CheckoutField } from "../../../shared/forms/checkout";
import type { AppEnv } from "../../platform/app-env";

/*
 * What a shopper typed at checkout, across a trip to the bag. An order the bag cannot fill as it stands (a
 * shade sold out meanwhile, a code refused) is sent back to the bag to be changed, and the details typed
 * would be lost on the way: they are kept in a cookie of this browser's for the checkout to fill its form
 * with again, with or without script. HttpOnly, this host only, 30 minutes, deleted once an order is placed.
 * Not the consent tick (asked again) nor the order's key (a new attempt).
 */

const DRAFT_FIELDS: readonly CheckoutField[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "delivery",
  "address",
  "city",
  "region",
  "postcode",
  "company",
  "trn",
  "companyAddress",
  "payment",
  "notes",
];

const DRAFT_SECONDS = 30 * 60;

/** A cookie's value stays well under browsers' 4,096 bytes with its name and attributes. */
const MAX_ENCODED = 3_500;

/** Keeps what the form sent; the longest free text (the notes, last) is left out if all would not fit. */
export function keepDraft(c: Context<AppEnv>, values: CheckoutValues): void {
  const draft: Record<string, string> = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field]?.trim();
    if (!value) continue;
    const next = { ...draft, [field]: value };
    if (encodeURIComponent(JSON.stringify(next)).length > MAX_ENCODED) continue;
    draft[field] = value;
  }
  if (Object.keys(draft).length === 0) return;
  setCookie(c, CHECKOUT_DRAFT_COOKIE, JSON.stringify(draft), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: DRAFT_SECONDS,
  });
}

/** The details kept for this browser, or none: only the form's own fields, only strings. */
export function keptDraft(c: Context<AppEnv>): CheckoutValues {
  const raw = getCookie(c, CHECKOUT_DRAFT_COOKIE);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object") return {};
  const values: CheckoutValues = {};
  for (const field of DRAFT_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === "string" && value.length <= 2_000) values[field] = value;
  }
  return values;
}

/** The order is placed: nothing typed for it is kept any longer. */
export function forgetDraft(c: Context<AppEnv>): void {
  if (getCookie(c, CHECKOUT_DRAFT_COOKIE) !== undefined)
    deleteCookie(c, CHECKOUT_DRAFT_COOKIE, { path: "/", secure: true });
}
