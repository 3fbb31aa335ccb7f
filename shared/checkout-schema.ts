import type { DeliveryMethod } from "./cart-rules";

/**
 * The checkout form: one schema for the server and the island. Each error is
 * a message a shopper can act on, keyed by the field it belongs beside.
 */
export type PaymentMethod = "cash" | "online";

export interface CheckoutInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  delivery: DeliveryMethod;
  address: string;
  city: string;
  region: string;
  postcode: string;
  notes: string;
  payment: PaymentMethod;
  consent: boolean;
}

export type CheckoutField = keyof CheckoutInput;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type Validated<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

export const EMIRATES = [
  "Abu Dhabi",
  "Dubai",
  "Sharjah",
  "Ajman",
  "Umm Al Quwain",
  "Ras Al Khaimah",
  "Fujairah",
] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** UAE numbers (05x xxx xxxx, 04 xxx xxxx, +971 …) and international E.164 (+ and 8–15 digits). */
const UAE_PHONE = /^(?:\+971|00971|0)(?:5\d{8}|[2-9]\d{7})$/;
const INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/;

export function normalisePhone(raw: string): string {
  return raw.replace(/[\s().-]/g, "");
}

export function isValidPhone(raw: string): boolean {
  const phone = normalisePhone(raw);
  return UAE_PHONE.test(phone) || INTERNATIONAL_PHONE.test(phone);
}

function text(value: unknown, max: number): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

export function validateCheckout(raw: Record<string, unknown>): Validated<CheckoutInput, CheckoutField> {
  const value: CheckoutInput = {
    firstName: text(raw.firstName, 80),
    lastName: text(raw.lastName, 80),
    email: text(raw.email, 200).toLowerCase(),
    phone: text(raw.phone, 40),
    delivery: raw.delivery === "pickup" ? "pickup" : "transport",
    address: text(raw.address, 300),
    city: text(raw.city, 100),
    region: text(raw.region, 100),
    postcode: text(raw.postcode, 20),
    notes: text(raw.notes, 1000),
    payment: raw.payment === "online" ? "online" : "cash",
    consent: raw.consent === true || raw.consent === "on" || raw.consent === "true",
  };
  const errors: FieldErrors<CheckoutField> = {};
  if (!value.firstName) errors.firstName = "Please enter your first name.";
  if (!value.lastName) errors.lastName = "Please enter your last name.";
  if (!value.email) errors.email = "Please enter your e-mail so we can send the order confirmation.";
  else if (!EMAIL.test(value.email)) errors.email = "This e-mail doesn't look right. Check it, e.g. name@example.com.";
  if (!value.phone) errors.phone = "Please enter a phone number for the courier.";
  else if (!isValidPhone(value.phone))
    errors.phone = "Enter a UAE number like 050 123 4567 or an international one starting with +.";
  if (raw.delivery !== "transport" && raw.delivery !== "pickup")
    errors.delivery = "Choose how you'd like to get your order.";
  if (value.delivery === "transport") {
    if (!value.address) errors.address = "Please enter the delivery address.";
    if (!value.city) errors.city = "Please enter the city.";
    if (!value.region) errors.region = "Choose the emirate or country.";
  }
  if (value.postcode && !/^[A-Za-z0-9 -]{2,12}$/.test(value.postcode))
    errors.postcode = "A postcode has 2–12 letters or digits (leave it empty in the UAE).";
  if (raw.payment !== "cash" && raw.payment !== "online") errors.payment = "Choose how you'd like to pay.";
  if (!value.consent) errors.consent = "Please accept the privacy policy to place the order.";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
