/**
 * The four request forms: call back and consultation (/contacts and the
 * dialogs), wholesale and partnership. The wholesale attachment is checked by
 * the worker, by its content; the islands only pre-check its size.
 */
import * as v from "valibot";
import { trimmed } from "./rules";
import { longText, visitorEmail, visitorName, visitorPhone } from "./visitor-fields";

export type RequestKind = "callback" | "consultation" | "wholesale" | "partnership";

const COMPANY_MAX = 120;
export const MESSAGE_MAX = 2000;
export const QUESTION_MAX = 1000;

export const callbackSchema = v.object({ name: visitorName, phone: visitorPhone });

export const consultationSchema = v.object({
  name: visitorName,
  phone: visitorPhone,
  question: longText(QUESTION_MAX, "Please tell us what you would like advice on.", "question"),
});

const companyTooLong = `Please keep the company name under ${COMPANY_MAX} characters.`;

export const wholesaleSchema = v.object({
  company: v.pipe(trimmed(), v.nonEmpty("Please enter your company's name."), v.maxLength(COMPANY_MAX, companyTooLong)),
  name: visitorName,
  email: visitorEmail,
  phone: visitorPhone,
  message: longText(MESSAGE_MAX, "Please tell us which products and quantities you are interested in.", "message"),
});

export const partnershipSchema = v.object({
  ...wholesaleSchema.entries,
  company: v.pipe(trimmed(), v.maxLength(COMPANY_MAX, companyTooLong)),
  message: longText(MESSAGE_MAX, "Please tell us briefly what you have in mind.", "message"),
});

/** Each kind's schema, for the worker and the islands. */
export const REQUEST_SCHEMAS = {
  callback: callbackSchema,
  consultation: consultationSchema,
  wholesale: wholesaleSchema,
  partnership: partnershipSchema,
} as const;

/** What each kind of request is called in headings and the shop's e-mail. */
export const REQUEST_TITLES: Record<RequestKind, string> = {
  callback: "Request a call back",
  consultation: "Ask for a consultation",
  wholesale: "Wholesale enquiry",
  partnership: "Partnership enquiry",
};

/** The thank-you each form shows once it is sent. */
export const REQUEST_THANKS: Record<RequestKind, string> = {
  callback: "Thank you! We will call you back within working hours.",
  consultation: "Thank you! One of our beauty advisers will call you shortly.",
  wholesale: "Thank you! Our wholesale team will reply by e-mail within one working day.",
  partnership: "Thank you! We will read your proposal and reply by e-mail.",
};
