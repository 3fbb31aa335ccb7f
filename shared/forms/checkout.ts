/**
 * The checkout form (/cart/order): the worker places the order only with what
 * this schema accepts, and the island shows the same messages before sending.
 */
import * as v from "valibot";
import type { DeliveryMethod } from "../cart-rules";
import type { Section } from "../i18n/messages-type";
import { readTrn } from "../invoices/trn";
import { perTexts } from "./per-texts";
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
const PAYMENT_METHODS = ["cash", "online", "tabby", "tamara"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A one-line field, cut to a length the order keeps. */
function line(max: number) {
  return v.pipe(trimmed(), cut(max));
}

const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

/** The checkout section's messages (the catalogue's `checkout.errors`, English or Arabic). */
type Errors = Section<"checkout">["errors"];

function fieldsOf(errors: Errors) {
  return v.object({
    firstName: v.pipe(line(80), v.nonEmpty(errors.firstName)),
    lastName: v.pipe(line(80), v.nonEmpty(errors.lastName)),
    email: email({ missing: errors.emailMissing, invalid: errors.emailInvalid }),
    phone: phone({ missing: errors.phoneMissing, invalid: errors.phoneInvalid }),
    delivery: v.pipe(text(), v.picklist(DELIVERY_METHODS, errors.delivery)),
    address: line(300),
    city: line(100),
    // One of the seven emirates when it is given at all (the form offers no other); a pickup gives none.
    region: v.pipe(
      line(100),
      v.check((region) => region === "" || (EMIRATES as readonly string[]).includes(region), errors.region),
    ),
    postcode: v.pipe(
      line(20),
      v.check((postcode) => postcode === "" || POSTCODE.test(postcode), errors.postcode),
    ),
    notes: line(1000),
    // A VAT-registered business buyer (decision 0116): both or neither; the TRN kept as its 15 digits, and
    // with a TRN the company's own address, which its full tax invoice prints (a pickup has no other).
    company: v.optional(line(200)),
    companyAddress: v.optional(line(300)),
    trn: v.optional(
      v.pipe(
        line(40),
        v.check((trn) => trn === "" || readTrn(trn) !== null, errors.trn),
        v.transform((trn) => readTrn(trn) ?? ""),
      ),
    ),
    payment: v.pipe(text(), v.picklist(PAYMENT_METHODS, errors.payment)),
    consent: v.pipe(
      v.optional(v.unknown(), ""),
      v.transform((ticked) => ticked === true || ticked === "on" || ticked === "true"),
      v.check((ticked) => ticked, errors.consent),
    ),
  });
}

type Fields = v.InferOutput<ReturnType<typeof fieldsOf>>;
type AddressField = "address" | "city" | "region";
type Paths = [["delivery"], [AddressField]];
type BusinessField = "company" | "trn";
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

/** A company's name and TRN go together: one without the other is asked for beside the empty field. */
function businessPair(field: BusinessField, message: string) {
  const other: BusinessField = field === "company" ? "trn" : "company";
  return v.forward<Fields, v.PartialCheckIssue<Pick<Fields, BusinessField>>, [BusinessField]>(
    v.partialCheck<Fields, [[BusinessField], [BusinessField]], Pick<Fields, BusinessField>, string>(
      [[field], [other]],
      (input) => (input[field] ?? "") !== "" || (input[other] ?? "") === "",
      message,
    ),
    [field],
  );
}

/** A TRN asks for the company's address beside the address field: its full tax invoice prints it. */
const companyAddressWithTrn = (message: string) =>
  v.forward<Fields, v.PartialCheckIssue<Pick<Fields, "trn" | "companyAddress">>, ["companyAddress"]>(
    v.partialCheck<Fields, [["trn"], ["companyAddress"]], Pick<Fields, "trn" | "companyAddress">, string>(
      [["trn"], ["companyAddress"]],
      (input) => (input.trn ?? "") === "" || (input.companyAddress ?? "") !== "",
      message,
    ),
    ["companyAddress"],
  );

function build(texts: Section<"checkout">) {
  const { errors } = texts;
  return v.pipe(
    fieldsOf(errors),
    forDelivery("address", errors.address),
    forDelivery("city", errors.city),
    forDelivery("region", errors.region),
    businessPair("company", errors.company),
    businessPair("trn", errors.trn),
    companyAddressWithTrn(errors.companyAddress),
  );
}

/** The schema in the language of a `checkout` section: the worker's `t.m.checkout`, the island's `texts`. */
export const checkoutSchema = perTexts(build);

export type CheckoutInput = v.InferOutput<ReturnType<typeof build>>;
export type CheckoutField = keyof CheckoutInput;
