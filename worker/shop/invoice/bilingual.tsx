import type { ReactNode } from "react";
import { ar } from "../../../shared/i18n/ar";
import { en } from "../../../shared/i18n/en";
import { fill } from "../../../shared/i18n/format";

/**
 * A tax invoice speaks both languages whatever the page's (decision 0116): each label in English and
 * in Arabic, each marked with its language and direction, so a screen reader and the browser's line
 * layout treat the Arabic as Arabic on an English page and the English as English on an Arabic one.
 */
export type InvoiceWord = keyof typeof en.invoice;

export function Bi({
  word,
  values,
  block = false,
}: {
  word: InvoiceWord;
  values?: Record<string, string>;
  block?: boolean;
}) {
  const english = values ? fill("en", en.invoice[word] as string, values as never) : en.invoice[word];
  const arabic = values ? fill("ar", ar.invoice[word] as string, values as never) : ar.invoice[word];
  const Tag = block ? "p" : "span";
  return (
    <>
      <Tag lang="en" dir="ltr" className="bi bi--en">
        {english}
      </Tag>
      {block ? null : " "}
      <Tag lang="ar" dir="rtl" className="bi bi--ar">
        {arabic}
      </Tag>
    </>
  );
}

/** Text that is the same in both languages (a number, an amount, a date): isolated left to right. */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="ltr">
      {children}
    </bdi>
  );
}

const amountFormat = new Intl.NumberFormat("en-AE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Dubai" });

/** An amount in AED with two decimals, Latin digits, as UAE invoices print them. */
export function aed(fils: number): string {
  return amountFormat.format(fils / 100);
}

/** A day in Dubai's calendar: 1 Dec 2026. */
export function day(iso: string): string {
  return dateFormat.format(new Date(iso));
}
