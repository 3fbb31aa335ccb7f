/**
 * What the visitor forms (the four requests and the shop review) have in
 * common: the honeypot, the field labels, and the rules for a name, an e-mail
 * and a long text in the same words on every form.
 */
import * as v from "valibot";
import { EMAIL_MESSAGES, email, multiline, normalisePhone, phone } from "./rules";

/** The honeypot: a field people never see or fill; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

const NAME_MAX = 80;

/** Field labels, shared by the pages, the islands, the error summaries and the shop's e-mails. */
export const REQUEST_LABELS = {
  name: "Your name",
  phone: "Phone",
  question: "Your question",
  company: "Company",
  email: "E-mail",
  message: "Message",
  attachment: "Attachment",
  rating: "Rating",
  text: "Your review",
  avatar: "Your photo",
  photos: "Photos",
} as const;

export const visitorName = v.pipe(
  multiline(),
  v.nonEmpty("Please enter your name."),
  v.maxLength(NAME_MAX, `Please keep your name under ${NAME_MAX} characters.`),
  v.check((name) => !/[<>]/.test(name), "Please use letters, spaces and simple punctuation in your name."),
);

export const visitorEmail = email(EMAIL_MESSAGES);

/** A phone number to call back, kept as digits (and the leading +). */
export const visitorPhone = v.pipe(
  phone({
    missing: "Please enter a phone number so we can call you.",
    invalid: "Enter a UAE number like 050 123 4567 or an international one starting with +.",
  }),
  v.transform(normalisePhone),
);

/** A required textarea of at most `max` characters; `what` names it in the message ("message", "review"). */
export function longText(max: number, missing: string, what: string) {
  return v.pipe(
    multiline(),
    v.nonEmpty(missing),
    v.maxLength(max, (issue) => `Please keep the ${what} under ${max} characters (it has ${issue.received}).`),
  );
}
