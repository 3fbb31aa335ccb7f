/**
 * The shop's look for a shopper's e-mail (shopper-mail.ts writes the words): the shop's name as its
 * logo, its colours (/work/shared/BRAND.md's tokens: ivory, white card, ink, rose accent), inline CSS
 * only (mail clients drop style sheets), an order's lines and totals as a table, and the shop's
 * contacts (the CMS contacts record) at the foot. Every word is escaped here; links are `MailLink`s.
 */
import { escapeHtml } from "./escape-html";

export const MAIL_COLOURS = {
  ivory: "#FBF8F4",
  white: "#FFFFFF",
  ink: "#1F1B18",
  muted: "#6B625B",
  line: "#E8E1D9",
  rose: "#9A5663",
} as const;

/** An order's lines and totals, each value already formatted in the e-mail's language. */
export interface MailOrderTable {
  caption: string;
  headings: { product: string; quantity: string; price: string };
  lines: readonly { name: string; quantity: number; price: string }[];
  /** Subtotal, delivery, VAT…; the last is the total, drawn stronger. */
  totals: readonly { label: string; value: string }[];
}

/** The shop's contacts under the e-mail (the CMS contacts record). */
export interface MailContacts {
  company: string;
  phone: string;
  email: string;
}

const cell = `padding:8px 0;border-bottom:1px solid ${MAIL_COLOURS.line};vertical-align:top`;

/**
 * An item's name as shared/variants.ts itemName writes it ("Royal Oud — 30 ml"), its shade or size in an
 * isolate of its own kept on one line, so "30 ml" reads so in an Arabic e-mail (as on the pages:
 * client/components/variant-name.tsx).
 */
function itemNameHtml(name: string): string {
  const at = name.lastIndexOf(" — ");
  if (at < 0) return escapeHtml(name);
  return `${escapeHtml(name.slice(0, at))} — <bdi style="white-space:nowrap">${escapeHtml(name.slice(at + 3))}</bdi>`;
}

/** The order's table: lines, then totals; numbers kept left to right in an Arabic e-mail. */
export function orderTableHtml(table: MailOrderTable, align: "left" | "right"): string {
  const end = align === "left" ? "right" : "left";
  const head = (text: string, side: string) =>
    `<th scope="col" style="${cell};text-align:${side};font-weight:600;color:${MAIL_COLOURS.muted}">${escapeHtml(text)}</th>`;
  const lines = table.lines
    .map(
      (line) =>
        `<tr><td style="${cell};text-align:${align}"><bdi>${itemNameHtml(line.name)}</bdi></td>` +
        `<td style="${cell};text-align:center">${line.quantity}</td>` +
        `<td style="${cell};text-align:${end};white-space:nowrap"><bdi>${escapeHtml(line.price)}</bdi></td></tr>`,
    )
    .join("\n");
  const totals = table.totals
    .map((row, index) => {
      const strong = index === table.totals.length - 1 ? "font-weight:700;font-size:18px" : "";
      return (
        `<tr><th scope="row" colspan="2" style="padding:6px 0;text-align:${align};font-weight:400;${strong}"><bdi>${escapeHtml(row.label)}</bdi></th>` +
        `<td style="padding:6px 0;text-align:${end};white-space:nowrap;${strong}"><bdi>${escapeHtml(row.value)}</bdi></td></tr>`
      );
    })
    .join("\n");
  return `<table role="table" style="width:100%;border-collapse:collapse;margin:8px 0 24px;font-size:15px">
<caption style="text-align:${align};font-weight:600;padding-bottom:8px">${escapeHtml(table.caption)}</caption>
<thead><tr>${head(table.headings.product, align)}${head(table.headings.quantity, "center")}${head(table.headings.price, end)}</tr></thead>
<tbody>
${lines}
${totals}
</tbody>
</table>`;
}

/**
 * The contacts as the e-mail's foot: the company, its phone and address as words kept left to right
 * (an e-mail's only links are the shop's pages and a carrier's tracking page; mail apps make a phone
 * and an address tappable themselves).
 */
export function contactsHtml(contacts: MailContacts): string {
  return `<p style="margin:0">${escapeHtml(contacts.company)}<br>
<bdi dir="ltr">${escapeHtml(contacts.phone)}</bdi> · <bdi dir="ltr">${escapeHtml(contacts.email)}</bdi></p>`;
}

/** The whole document: the shop's name on top, the card with the words, the foot. */
export function mailDocument(parts: {
  locale: string;
  dir: "ltr" | "rtl";
  subject: string;
  shopName: string;
  body: string;
  foot: string;
}): string {
  const { locale, dir, subject, shopName, body, foot } = parts;
  const align = dir === "rtl" ? "right" : "left";
  const c = MAIL_COLOURS;
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:${c.ivory};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:${c.ink};text-align:${align}">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:26px;letter-spacing:0.5px;color:${c.rose}">${escapeHtml(shopName)}</p>
<div style="background:${c.white};border:1px solid ${c.line};border-radius:12px;padding:24px">
${body}
</div>
<div style="padding:16px 4px;font-size:14px;color:${c.muted}">
${foot}
</div>
</div>
</body>
</html>`;
}
