/**
 * The e-mails the shop's receiver (contacts.receiver in the CMS) gets for
 * each request and review. Plain text: every value is the visitor's own words.
 */
import type { RequestKind } from "../../../shared/forms/requests";
import { translator } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import type { MailMessage } from "../mail/mailer";
import type { StoredFile } from "../uploads/upload-store";
import type { NewShopRequest } from "./request-store";

/** The staff desk reads English: the forms' titles and labels are the English catalogue's. */
const STAFF = translator("en").m.visitorForms;
const REQUEST_TITLES = STAFF.titles;
const REQUEST_LABELS = STAFF.labels;

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim().slice(0, 80);
}

function lines(entries: [string, string | null | undefined][]): string {
  return entries
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`))
    .join("\n");
}

export function requestMail(
  receiver: string,
  request: NewShopRequest & { publicId: string },
  attachment: StoredFile | null,
  origin: string,
): MailMessage {
  const kind: RequestKind = request.kind;
  const who = request.company ? `${request.name} (${request.company})` : request.name;
  return {
    to: receiver,
    kind: `request-${kind}`,
    subject: oneLine(`${REQUEST_TITLES[kind]}: ${who}`),
    text: [
      `A new request from the website (${origin}).`,
      "",
      lines([
        ["Request", REQUEST_TITLES[kind]],
        [REQUEST_LABELS.name, request.name],
        [REQUEST_LABELS.company, request.company],
        [REQUEST_LABELS.phone, request.phone],
        [REQUEST_LABELS.email, request.email],
        [kind === "consultation" ? REQUEST_LABELS.question : REQUEST_LABELS.message, request.message],
        [
          REQUEST_LABELS.attachment,
          attachment
            ? `${attachment.name} (${attachment.contentType}, ${attachment.size} bytes), to download on the staff desk`
            : null,
        ],
      ]),
      "",
      kind === "callback" || kind === "consultation"
        ? "Please call back within working hours."
        : "Please reply by e-mail within one working day.",
      "",
      `Work on it (status, note) on the staff desk: ${origin}${routePath("staff-request", { publicId: request.publicId })}`,
    ].join("\n"),
  };
}

/** The shop's e-mail about a new review: the review itself and a link to it on the staff desk, where it is moderated. */
export function reviewMail(
  receiver: string,
  review: { name: string; email: string; rating: number; text: string; photos: number; publicId: string },
  published: boolean,
  origin: string,
): MailMessage {
  return {
    to: receiver,
    kind: "review-new",
    subject: oneLine(`New shop review (${review.rating}/5) from ${review.name}`),
    text: [
      published ? "A new review was published on /reviews." : "A new review is waiting for approval.",
      "",
      lines([
        [REQUEST_LABELS.name, review.name],
        [REQUEST_LABELS.email, review.email],
        [REQUEST_LABELS.rating, `${review.rating} of 5`],
        [REQUEST_LABELS.photos, String(review.photos)],
        [REQUEST_LABELS.text, review.text],
      ]),
      "",
      published ? "To hide it, reject it on the staff desk:" : "To approve or reject it, open it on the staff desk:",
      `${origin}${routePath("staff-review", { kind: "shop", ref: review.publicId })}`,
    ].join("\n"),
  };
}
