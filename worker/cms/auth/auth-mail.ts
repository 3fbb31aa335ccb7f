import { acceptedLanguages } from "../../../shared/accept-language";
import { escapeHtml } from "../../../shared/escape-html";
import { messagesFor } from "../../../shared/i18n/catalogue";
import { TEXT_LOCALES } from "../../../shared/i18n/locales";
import { isLocale, localeDirection, localizePath } from "../../../shared/locale-path";
import { writeMailPreview } from "../../../shared/log/log-line";
import { MAIL_COLOURS, mailDocument } from "../../../shared/mail-layout";
import type { MailLocale, CmsMail as MailMessage } from "./cms-host";

/**
 * The e-mails of the auth flow, in the account's language: the words are the shop's catalogue's
 * (`accountMail`), the links lead to that language's pages. Links are absolute: the shop's
 * public origin, or the request's.
 */
export function publicOrigin(env: Env, requestUrl: string): string {
  return (env.PUBLIC_ORIGIN || new URL(requestUrl).origin).replace(/\/$/, "");
}

function isMailLocale(value: string): value is MailLocale {
  return (TEXT_LOCALES as readonly string[]).includes(value);
}

/**
 * The language a request asks its e-mails in: the first of the catalogue's locales its Accept-Language
 * names (the storefront sends the page's own, `ar` from an Arabic page), or null when it names none.
 */
export function askedLocale(acceptLanguage: string | undefined): MailLocale | null {
  return (
    acceptedLanguages(acceptLanguage)
      .map((tag) => tag.split("-")[0] ?? "")
      .find(isMailLocale) ?? null
  );
}

/** A page's link (a path or an absolute URL) in a language: `/user/password` → `/ar/user/password`. */
export function localisedLink(link: string, locale: MailLocale): string {
  if (!isLocale(locale)) return link;
  if (link.startsWith("/")) return localizePath(locale, link);
  try {
    const url = new URL(link);
    url.pathname = localizePath(locale, url.pathname);
    return url.toString();
  } catch {
    return link;
  }
}

interface MailWords {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  footer: string;
}

/** One message in text and HTML: a greeting, a sentence, the link (as a button in HTML), a footnote. */
function accountMail(to: string, kind: string, locale: MailLocale, words: MailWords, link: string): MailMessage {
  const dir = isLocale(locale) ? localeDirection(locale) : "ltr";
  const href = escapeHtml(link);
  return {
    to,
    kind,
    subject: words.subject,
    text: [words.greeting, "", words.body, link, "", words.footer].join("\n"),
    // The shop's look (shared/mail-layout.ts), as the shop's own e-mails to shoppers.
    html: mailDocument({
      locale,
      dir,
      subject: words.subject,
      shopName: messagesFor(locale).email.shop,
      body: [
        `<p style="margin:0 0 16px">${escapeHtml(words.greeting)}</p>`,
        `<p style="margin:0 0 16px">${escapeHtml(words.body)}</p>`,
        `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${MAIL_COLOURS.rose};color:${MAIL_COLOURS.white};text-decoration:none;border-radius:999px">${escapeHtml(words.button)}</a></p>`,
        `<p dir="ltr" style="margin:0 0 16px;word-break:break-all;font-size:13px"><a href="${href}" style="color:${MAIL_COLOURS.rose}">${href}</a></p>`,
        `<p style="margin:0;font-size:13px;color:${MAIL_COLOURS.muted}">${escapeHtml(words.footer)}</p>`,
      ].join("\n"),
      foot: "",
    }),
  };
}

export function resetPasswordMail(to: string, link: string, locale: MailLocale): MailMessage {
  return accountMail(to, "reset-password", locale, messagesFor(locale).accountMail.reset, link);
}

export function confirmationMail(to: string, link: string, locale: MailLocale): MailMessage {
  return accountMail(to, "email-confirmation", locale, messagesFor(locale).accountMail.confirm, link);
}

/** In local development the link is printed too, so a developer can follow it without a mail server. */
export function printLinkLocally(requestUrl: string, message: MailMessage, link: string): void {
  const host = new URL(requestUrl).hostname;
  if (host === "localhost" || host === "127.0.0.1")
    writeMailPreview(`[mail] ${message.subject} for ${message.to}: ${link}`);
}
