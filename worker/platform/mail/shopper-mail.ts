/**
 * A shopper's e-mail in their language, written once as paragraphs of lines (each from the
 * catalogue's `email` section) and sent two ways: plain text, as the shop has always sent it
 * (paragraphs apart by a blank line), and HTML whose `<html>` names the language and its
 * direction, so an Arabic e-mail reads right to left in every mail client. Nothing from the CMS
 * or the shopper is read as markup or made a link: every line is escaped text, and the only links
 * are those the e-mail's code hands over as `MailLink`s (the shop's own URLs), kept left to right
 * inside Arabic text. A URL a shopper typed into their name stays words.
 */

import type { Locale } from "../../../shared/constants";
import { escapeHtml } from "../../../shared/escape-html";
import { translator } from "../../../shared/i18n/translator";
import { localeDirection } from "../../../shared/locale-path";
import {
  contactsHtml,
  MAIL_COLOURS,
  type MailContacts,
  type MailOrderTable,
  mailDocument,
  orderTableHtml,
} from "../../../shared/mail-layout";

/** A link the shop made (one of its own URLs), never words from a form. */
export interface MailLink {
  readonly href: string;
}

/** A link to one of the shop's own pages; anything but an absolute http(s) URL is refused. */
export function mailLink(url: string): MailLink {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`Not a web link: ${url}`);
  // The URL parser's spelling: spaces and quotes percent-encoded, so nothing can end the attribute.
  return { href: parsed.href };
}

/** One line: words, a link, or words with links among them. */
export type Line = string | MailLink | readonly (string | MailLink)[];
/** One paragraph: its lines, each a text from the catalogue with its placeholders filled. */
export type Paragraph = readonly Line[];

/** First-strong and pop isolates (U+2068, U+2069) around a value that reads in its own direction. */
const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/g;

/**
 * A value in another script than the e-mail's (an English product name, an order number in an
 * Arabic e-mail) isolated, so it reads as written: in the text, between Unicode's isolates, which
 * mail clients honour (the only re-ordering characters a queued message keeps, mail-text.ts); in the
 * HTML, as a <bdi> (lineHtml). Left as it is in a left-to-right e-mail.
 */
export function isolate(locale: Locale, value: string): string {
  return localeDirection(locale) === "rtl" ? `\u2068${value}\u2069` : value;
}

/**
 * A catalogue sentence with a link in place of its `{key}` ("To stop this alert: {url}"): the words
 * either side filled by `fill`, the link itself never passing through it.
 */
export function sentenceWithLink(
  fill: (template: string) => string,
  template: string,
  key: string,
  link: MailLink,
): readonly (string | MailLink)[] {
  const at = template.indexOf(`{${key}}`);
  if (at < 0) return [fill(template), " ", link];
  return [fill(template.slice(0, at)), link, fill(template.slice(at + key.length + 2))];
}

function partsOf(line: Line): readonly (string | MailLink)[] {
  return typeof line === "string" || !Array.isArray(line) ? [line as string | MailLink] : line;
}

function lineText(line: Line): string {
  return partsOf(line)
    .map((part) => (typeof part === "string" ? part : part.href))
    .join("");
}

/**
 * A line as HTML: words escaped, the shop's links made links that stay left to right in a
 * right-to-left e-mail, and isolated values (`isolate`) as <bdi>.
 */
function lineHtml(line: Line): string {
  return partsOf(line)
    .map((part) =>
      typeof part === "string"
        ? escapeHtml(part)
        : `<a href="${escapeHtml(part.href)}" dir="ltr" style="color:${MAIL_COLOURS.rose};word-break:break-all">${escapeHtml(part.href)}</a>`,
    )
    .join("")
    .replace(ISOLATED, "<bdi>$1</bdi>");
}

/** What an e-mail may carry beside its paragraphs (mail-layout.ts draws them). */
export interface MailExtras {
  /**
   * An order's lines and totals: a table in the HTML part at paragraph `at`, in its place when `replaces`
   * (the paragraph listing the lines in the text part), else before it.
   */
  order?: { table: MailOrderTable; at: number; replaces?: boolean };
  /** The shop's contacts (the CMS contacts record), at the foot of both parts. */
  contacts?: MailContacts | null;
}

/** The text and HTML of an e-mail in `locale`, from its subject and paragraphs, in the shop's look (mail-layout.ts). */
export function shopperMailBody(
  locale: Locale,
  subject: string,
  paragraphs: readonly Paragraph[],
  extras: MailExtras = {},
): { text: string; html: string } {
  const dir = localeDirection(locale);
  const t = translator(locale);
  const contacts = extras.contacts ?? null;
  const footText = contacts ? [[contacts.company, contacts.phone, contacts.email]] : [];
  const text = [...paragraphs, ...footText].map((lines) => lines.map(lineText).join("\n")).join("\n\n");
  const blocks = paragraphs.map((lines) => `<p style="margin:0 0 16px">${lines.map(lineHtml).join("<br>")}</p>`);
  if (extras.order) {
    const { table, at, replaces } = extras.order;
    blocks.splice(at, replaces ? 1 : 0, orderTableHtml(table, dir === "rtl" ? "right" : "left"));
  }
  const html = mailDocument({
    locale,
    dir,
    subject,
    shopName: t.m.email.shop,
    body: blocks.join("\n"),
    foot: contacts ? contactsHtml(contacts) : "",
  });
  return { text, html };
}
