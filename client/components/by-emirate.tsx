import type { ReactNode } from "react";
import { EMIRATES } from "../../shared/forms/checkout";

/** A value for the emirates whose delivery fee is their own, by their place in EMIRATES, and for the others. */
export interface ByEmirateValues<T> {
  own: { emirate: number; value: T }[];
  other: T;
}

/** Each emirate's token in the markup ("e0" … "e6"): an emirate's name has spaces, a token list cannot. */
export function emirateToken(emirate: number): string {
  return `e${emirate}`;
}

/**
 * What the checkout says (a summary, the button's total) drawn once for each emirate whose delivery fee is
 * its own and once for the others and for none chosen; the page's style shows the one for the emirate picked
 * in the form (commerce.css), with or without script, so the total read is the total placed. With no emirate
 * of its own, drawn once.
 */
export function ByEmirate<T>({
  values,
  render,
  tag: Tag = "div",
}: {
  values: ByEmirateValues<T>;
  render: (value: T) => ReactNode;
  tag?: "div" | "span";
}) {
  if (values.own.length === 0) return <>{render(values.other)}</>;
  return (
    <>
      <Tag className="for-other-emirates" data-not={values.own.map((o) => emirateToken(o.emirate)).join(" ")}>
        {render(values.other)}
      </Tag>
      {values.own.map((o) => (
        <Tag key={o.emirate} className="for-emirate" data-emirate={emirateToken(o.emirate)}>
          {render(o.value)}
        </Tag>
      ))}
    </>
  );
}

/** The emirates, by their place in EMIRATES, whose fee `feeOf` says differs from the others'. */
export function emiratesOfTheirOwn(feeOf: (emirate: string | null) => number): number[] {
  const other = feeOf(null);
  return EMIRATES.flatMap((emirate, i) => (feeOf(emirate) === other ? [] : [i]));
}
