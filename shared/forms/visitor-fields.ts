/**
 * What the visitor forms (the four requests and the shop review) have in
 * common: the honeypot, and the rules for a name, an e-mail, a phone and a
 * long text in the same words on every form. The words are the catalogue's
 * (`visitorForms`, and `fieldErrors` for the e-mail), in the page's language.
 */
import * as v from "valibot";
import type { Section } from "../i18n/messages-type";
import { emailField, multiline, normalisePhone, phone } from "./rules";

/** The honeypot: a field people never see or fill; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

const NAME_MAX = 80;

/**
 * The catalogue sections a visitor form's schema speaks: the worker passes its catalogue
 * (`textsOf(c).m`), an island one object holding the sections it was given, kept for its life.
 */
export interface VisitorTexts {
  visitorForms: Section<"visitorForms">;
  fieldErrors: Section<"fieldErrors">;
}

/** Puts a message's `{name}`s in place, numbers as plain digits ("2000", as the messages have always read). */
export function put(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The rules every visitor form's fields share, in one language. */
export function visitorRules(texts: VisitorTexts) {
  const errors = texts.visitorForms.errors;
  return {
    name: v.pipe(
      multiline(),
      v.nonEmpty(errors.nameMissing),
      v.maxLength(NAME_MAX, put(errors.nameTooLong, { max: NAME_MAX })),
      v.check((name) => !/[<>]/.test(name), errors.nameLetters),
    ),
    email: emailField(texts.fieldErrors),
    /** A phone number to call back, kept as digits (and the leading +). */
    phone: v.pipe(phone({ missing: errors.phoneMissing, invalid: errors.phoneInvalid }), v.transform(normalisePhone)),
  };
}

/** A required textarea of at most `max` characters: `tooLong` says so with `{max}` and `{count}`. */
export function longText(max: number, missing: string, tooLong: string) {
  return v.pipe(
    multiline(),
    v.nonEmpty(missing),
    v.maxLength(max, (issue) => put(tooLong, { max, count: issue.received })),
  );
}
