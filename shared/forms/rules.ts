/**
 * The field rules every form is made of: posted text, one e-mail rule and one
 * phone rule. Each form gives them its own words (the messages stay the ones
 * shoppers know), but what counts as an e-mail or a phone number is decided here.
 */
import * as v from "valibot";
import type { Section } from "../i18n/messages-type";

/**
 * A posted text field as a string: "" when it is missing or is not text (a file, a number
 * in JSON). Optional with a default, so an object schema runs the field's checks on the ""
 * of a missing field instead of refusing the missing key in valibot's own words.
 */
export function text() {
  return v.optional(v.fallback(v.string(), ""), "");
}

/** Text without the spaces around it. */
export function trimmed() {
  return v.pipe(text(), v.trim());
}

/** A textarea's text: line ends as one "\n" (so it counts the same on every platform), trimmed. */
export function multiline() {
  return v.pipe(
    text(),
    v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
    v.trim(),
  );
}

/** Inner runs of spaces as one space. */
export const collapseSpaces = v.transform((value: string) => value.replace(/\s+/g, " "));

/** Longer text cut to `max` characters, silently (fields whose message has no word for "too long"). */
export function cut(max: number) {
  return v.transform((value: string) => value.slice(0, max));
}

/** RFC 5321's limit on an address. */
const EMAIL_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

export interface Messages {
  missing: string;
  invalid: string;
}

/** The e-mail rule in the page's language (the catalogue's `fieldErrors`), for account and visitor forms. */
export function emailField(texts: Section<"fieldErrors">) {
  return email({ missing: texts.emailMissing, invalid: texts.emailInvalid });
}

/** The one e-mail rule: required, trimmed, name@domain.tld, kept in lower case. */
export function email(messages: Messages) {
  return v.pipe(trimmed(), v.nonEmpty(messages.missing), v.check(isEmail, messages.invalid), v.toLowerCase());
}

/** How long a typed phone number may be, separators included. */
const PHONE_MAX = 40;
/** UAE numbers: mobile 05x xxx xxxx, landline 0x xxx xxxx, with +971 or 00971 instead of the 0. */
const UAE_PHONE = /^(?:\+971|00971|0)(?:5\d{8}|[2-9]\d{7})$/;
/** International numbers as E.164: + and 8 to 15 digits. */
const INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/;

/** The digits and the leading +, without the spaces, dots, dashes and brackets people type. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s().-]/g, "");
}

/** The one phone rule: a UAE number like 050 123 4567, or an international one starting with +. */
export function isPhone(raw: string): boolean {
  const phone = normalisePhone(raw);
  return raw.length <= PHONE_MAX && (UAE_PHONE.test(phone) || INTERNATIONAL_PHONE.test(phone));
}

/** A required phone number, kept as typed (trimmed). */
export function phone(messages: Messages) {
  return v.pipe(trimmed(), v.nonEmpty(messages.missing), v.check(isPhone, messages.invalid));
}
