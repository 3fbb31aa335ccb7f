/**
 * The four request forms: call back and consultation (/contacts and the
 * dialogs), wholesale and partnership. The wholesale attachment is checked by
 * the worker, by its content; the islands only pre-check its size. The schemas
 * speak the page's language: `requestSchemas(texts)` builds them once per catalogue.
 */
import * as v from "valibot";
import { perTexts } from "./per-texts";
import { trimmed } from "./rules";
import { longText, put, type VisitorTexts, visitorRules } from "./visitor-fields";

export type RequestKind = "callback" | "consultation" | "wholesale" | "partnership";

const COMPANY_MAX = 120;
export const MESSAGE_MAX = 2000;
export const QUESTION_MAX = 1000;

function build(texts: VisitorTexts) {
  const errors = texts.visitorForms.errors;
  const { name, email, phone } = visitorRules(texts);
  const companyTooLong = put(errors.companyTooLong, { max: COMPANY_MAX });
  const callback = v.object({ name, phone });
  const consultation = v.object({
    name,
    phone,
    question: longText(QUESTION_MAX, errors.questionMissing, errors.questionTooLong),
  });
  const wholesale = v.object({
    company: v.pipe(trimmed(), v.nonEmpty(errors.companyMissing), v.maxLength(COMPANY_MAX, companyTooLong)),
    name,
    email,
    phone,
    message: longText(MESSAGE_MAX, errors.wholesaleMessageMissing, errors.messageTooLong),
  });
  const partnership = v.object({
    ...wholesale.entries,
    company: v.pipe(trimmed(), v.maxLength(COMPANY_MAX, companyTooLong)),
    message: longText(MESSAGE_MAX, errors.partnershipMessageMissing, errors.messageTooLong),
  });
  return { callback, consultation, wholesale, partnership };
}

/** Each kind's schema in one language, for the worker and the islands. */
export const requestSchemas: (texts: VisitorTexts) => ReturnType<typeof build> = perTexts(build);
