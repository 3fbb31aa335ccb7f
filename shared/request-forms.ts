/**
 * One schema per request form (callback, consultation, wholesale, partnership)
 * and the shop review, used by the worker (the authority) and by the islands,
 * which show the same messages before anything is sent. Files are checked by
 * the worker, by their content; the islands only pre-check size and count.
 */
import { checkEmail } from "./account-forms";
import { isValidPhone, normalisePhone } from "./checkout-schema";

export type RequestKind = "callback" | "consultation" | "wholesale" | "partnership";
export const REQUEST_KINDS: readonly RequestKind[] = ["callback", "consultation", "wholesale", "partnership"];

export type FormCheck<T, F extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

/** The honeypot: a field people never see or fill; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

export const NAME_MAX = 80;
export const COMPANY_MAX = 120;
export const MESSAGE_MAX = 2000;
export const QUESTION_MAX = 1000;
export const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;

type Input = Record<string, unknown>;

function field(input: Input, name: string, max = 4000): string {
  const value = input[name];
  // Line ends normalised so a textarea counts the same on every platform; the cut is generous (the check says "too long").
  return typeof value === "string"
    ? value
        .replace(/\r\n?/g, "\n")
        .trim()
        .slice(0, max + 1)
    : "";
}

function finish<T, F extends string>(value: T, errors: Partial<Record<F, string>>): FormCheck<T, F> {
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
}

function nameProblem(name: string): string | null {
  if (!name) return "Please enter your name.";
  if (name.length > NAME_MAX) return `Please keep your name under ${NAME_MAX} characters.`;
  if (/[<>]/.test(name)) return "Please use letters, spaces and simple punctuation in your name.";
  return null;
}

function phoneProblem(phone: string): string | null {
  if (!phone) return "Please enter a phone number so we can call you.";
  if (!isValidPhone(phone)) return "Enter a UAE number like 050 123 4567 or an international one starting with +.";
  return null;
}

function textProblem(value: string, max: number, missing: string, what: string): string | null {
  if (!value) return missing;
  if (value.length > max) return `Please keep the ${what} under ${max} characters (it has ${value.length}).`;
  return null;
}

function collect<F extends string>(checks: [F, string | null][]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [name, problem] of checks) if (problem) errors[name] = problem;
  return errors;
}

export interface CallbackRequest {
  name: string;
  phone: string;
}
export type CallbackField = keyof CallbackRequest;

export function checkCallbackForm(input: Input): FormCheck<CallbackRequest, CallbackField> {
  const name = field(input, "name", NAME_MAX);
  const phone = field(input, "phone", 40);
  const errors = collect<CallbackField>([
    ["name", nameProblem(name)],
    ["phone", phoneProblem(phone)],
  ]);
  return finish({ name, phone: normalisePhone(phone) }, errors);
}

export interface ConsultationRequest extends CallbackRequest {
  question: string;
}
export type ConsultationField = keyof ConsultationRequest;

export function checkConsultationForm(input: Input): FormCheck<ConsultationRequest, ConsultationField> {
  const name = field(input, "name", NAME_MAX);
  const phone = field(input, "phone", 40);
  const question = field(input, "question", QUESTION_MAX);
  const errors = collect<ConsultationField>([
    ["name", nameProblem(name)],
    ["phone", phoneProblem(phone)],
    ["question", textProblem(question, QUESTION_MAX, "Please tell us what you would like advice on.", "question")],
  ]);
  return finish({ name, phone: normalisePhone(phone), question }, errors);
}

export interface BusinessRequest {
  company: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}
/** The attachment is checked by the worker (by content), but shares the field name. */
export type BusinessField = keyof BusinessRequest | "attachment";

function checkBusinessForm(input: Input, companyRequired: boolean, messageMissing: string) {
  const company = field(input, "company", COMPANY_MAX);
  const name = field(input, "name", NAME_MAX);
  const email = field(input, "email", 200).toLowerCase();
  const phone = field(input, "phone", 40);
  const message = field(input, "message", MESSAGE_MAX);
  const errors = collect<BusinessField>([
    [
      "company",
      !company
        ? companyRequired
          ? "Please enter your company's name."
          : null
        : company.length > COMPANY_MAX
          ? `Please keep the company name under ${COMPANY_MAX} characters.`
          : null,
    ],
    ["name", nameProblem(name)],
    ["email", checkEmail(email)],
    ["phone", phoneProblem(phone)],
    ["message", textProblem(message, MESSAGE_MAX, messageMissing, "message")],
  ]);
  return finish<BusinessRequest, BusinessField>(
    { company, name, email, phone: normalisePhone(phone), message },
    errors,
  );
}

export function checkWholesaleForm(input: Input): FormCheck<BusinessRequest, BusinessField> {
  return checkBusinessForm(input, true, "Please tell us which products and quantities you are interested in.");
}

export function checkPartnershipForm(input: Input): FormCheck<BusinessRequest, BusinessField> {
  return checkBusinessForm(input, false, "Please tell us briefly what you have in mind.");
}

export interface ReviewInput {
  name: string;
  email: string;
  rating: number;
  text: string;
}
export type ReviewField = keyof ReviewInput | "avatar" | "photos";

export function checkReviewForm(input: Input): FormCheck<ReviewInput, ReviewField> {
  const name = field(input, "name", NAME_MAX);
  const email = field(input, "email", 200).toLowerCase();
  const ratingText = field(input, "rating", 2);
  const text = field(input, "text", REVIEW_MAX);
  const rating = Number(ratingText);
  const ratingOk = /^[1-5]$/.test(ratingText);
  let textError: string | null = textProblem(
    text,
    REVIEW_MAX,
    "Please write a few words about your experience.",
    "review",
  );
  if (!textError && text.length < REVIEW_MIN) textError = `Please write at least ${REVIEW_MIN} characters.`;
  const errors = collect<ReviewField>([
    ["name", nameProblem(name)],
    ["email", checkEmail(email)],
    ["rating", ratingOk ? null : "Please choose a rating from 1 to 5 stars."],
    ["text", textError],
  ]);
  return finish<ReviewInput, ReviewField>({ name, email, rating: ratingOk ? rating : 0, text }, errors);
}

/** Field labels, shared by the pages, the islands and the error summaries. */
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

export type RequestLabel = keyof typeof REQUEST_LABELS;

/** What each kind of request is called in headings and the shop's e-mail. */
export const REQUEST_TITLES: Record<RequestKind, string> = {
  callback: "Request a call back",
  consultation: "Ask for a consultation",
  wholesale: "Wholesale enquiry",
  partnership: "Partnership enquiry",
};

/** The thank-you each form shows once it is sent. */
export const REQUEST_THANKS: Record<RequestKind | "review", string> = {
  callback: "Thank you! We will call you back within working hours.",
  consultation: "Thank you! One of our beauty advisers will call you shortly.",
  wholesale: "Thank you! Our wholesale team will reply by e-mail within one working day.",
  partnership: "Thank you! We will read your proposal and reply by e-mail.",
  review: "Thank you for your review! It will appear here once we have checked it.",
};

/** The server's answer to an island (JSON). */
export type FormAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: Partial<Record<string, string>> };
