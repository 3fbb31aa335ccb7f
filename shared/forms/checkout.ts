/**
 * The checkout form (/cart/order): the worker places the order only with what
 * this schema accepts, and the island shows the same messages before sending.
 */
import * as v from "valibot";
import type { DeliveryMethod } from "../cart-rules";
import { cut, email, phone, text, trimmed } from "./rules";

export const EMIRATES = [
  "Abu Dhabi",
  "Dubai",
  "Sharjah",
  "Ajman",
  "Umm Al Quwain",
  "Ras Al Khaimah",
  "Fujairah",
] as const;

const DELIVERY_METHODS = ["transport", "pickup"] as const satisfies readonly DeliveryMethod[];
const PAYMENT_METHODS = ["cash", "online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A one-line field, cut to a length the order keeps. */
function line(max: number) {
  return v.pipe(trimmed(), cut(max));
}

const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

const fields = v.object({
  firstName: v.pipe(line(80), v.nonEmpty("Please enter your first name.")),
  lastName: v.pipe(line(80), v.nonEmpty("Please enter your last name.")),
  email: email({
    missing: "Please enter your e-mail so we can send the order confirmation.",
    invalid: "This e-mail doesn't look right. Check it, e.g. name@example.com.",
  }),
  phone: phone({
    missing: "Please enter a phone number for the courier.",
    invalid: "Enter a UAE number like 050 123 4567 or an international one starting with +.",
  }),
  delivery: v.pipe(text(), v.picklist(DELIVERY_METHODS, "Choose how you'd like to get your order.")),
  address: line(300),
  city: line(100),
  region: line(100),
  postcode: v.pipe(
    line(20),
    v.check(
      (postcode) => postcode === "" || POSTCODE.test(postcode),
      "A postcode has 2–12 letters or digits (leave it empty in the UAE).",
    ),
  ),
  notes: line(1000),
  payment: v.pipe(text(), v.picklist(PAYMENT_METHODS, "Choose how you'd like to pay.")),
  consent: v.pipe(
    v.optional(v.unknown(), ""),
    v.transform((ticked) => ticked === true || ticked === "on" || ticked === "true"),
    v.check((ticked) => ticked, "Please accept the privacy policy to place the order."),
  ),
});

type Fields = v.InferOutput<typeof fields>;
type AddressField = "address" | "city" | "region";
type Paths = [["delivery"], [AddressField]];
type Selection = Pick<Fields, "delivery" | AddressField>;

/** An address field is asked for delivery only (a pickup needs none). */
function forDelivery(field: AddressField, message: string) {
  return v.forward<Fields, v.PartialCheckIssue<Selection>, [AddressField]>(
    v.partialCheck<Fields, Paths, Selection, string>(
      [["delivery"], [field]],
      (input) => input.delivery === "pickup" || input[field] !== "",
      message,
    ),
    [field],
  );
}

export const checkoutSchema = v.pipe(
  fields,
  forDelivery("address", "Please enter the delivery address."),
  forDelivery("city", "Please enter the city."),
  forDelivery("region", "Choose the emirate or country."),
);

export type CheckoutInput = v.InferOutput<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutInput;
