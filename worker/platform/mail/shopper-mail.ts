/**
 * A shopper's e-mail in their language, written once as paragraphs of lines (each from the
 * catalogue's `email` section) and sent two ways: plain text, as the shop has always sent it
 * (paragraphs apart by a blank line), and HTML whose `<html>` names the language and its
 * direction, so an Arabic e-mail reads right to left in every mail client. Links are the lines'
 * own URLs, kept left to right inside Arabic text. Nothing from the CMS or the shopper is read as
 * markup: every line is escaped.
 */

import type { Locale } from "../../../shared/constants";
import { escapeHtml } from "../../../shared/escape-html";
import { localeDirection } from "../../../shared/locale-path";

/** One paragraph: its lines, each a text from the catalogue with its placeholders filled. */
export type Paragraph = readonly string[];

/** First-strong and pop isolates (U+2068, U+2069) around a value that reads in its own direction. */
const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/g;

/**
 * A value in another script than the e-mail's (an English product name, an order number in an
 * Arabic e-mail) isolated, so it reads as written: in the text, between Unicode's isolates, which
 * mail clients honour; in the HTML, as a <bdi> (lineHtml). Left as it is in a left-to-right e-mail.
 */
export function isolate(locale: Locale, value: string): string {
  return localeDirection(locale) === "rtl" ? `\u2068${value}\u2069` : value;
}

/** A URL in a line: up to the next space (the shop's links have none). */
const URL_IN_LINE = /https?:\/\/[^\s]+/g;

/** A line as HTML: escaped, its URLs made links that stay left to right in a right-to-left e-mail. */
function lineHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(URL_IN_LINE)) {
    const url = match[0];
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" dir="ltr">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return (html + escapeHtml(line.slice(last))).replace(ISOLATED, "<bdi>$1</bdi>");
}

/** The text and HTML of an e-mail in `locale`, from its subject and paragraphs. */
export function shopperMailBody(
  locale: Locale,
  subject: string,
  paragraphs: readonly Paragraph[],
): { text: string; html: string } {
  const dir = localeDirection(locale);
  const text = paragraphs.map((lines) => lines.join("\n")).join("\n\n");
  const body = paragraphs
    .map((lines) => `<p style="margin:0 0 16px">${lines.map(lineHtml).join("<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#222222;text-align:${dir === "rtl" ? "right" : "left"}">
${body}
</body>
</html>`;
  return { text, html };
}
