import type { Translator } from "../../../shared/i18n/translator";
import type { SessionUser } from "../../platform/app-env";
import type { CartOwner } from "../../platform/bag/cart-store";

/** A one-shot message across a post → redirect → get (flash.tsx sets and takes the cookie). */
export interface Flash {
  kind: "success" | "error" | "info";
  text: string;
}

/** What of a public page belongs to this shopper (read by shopper-view.ts, once per request). */
export interface ShopperView {
  user: SessionUser | null;
  owner: CartOwner | null;
  bag: number;
  favouriteCount: number;
  /** The favourite slugs, when the page has hearts to press (else possibly left empty). */
  favourites: Set<string>;
  /** Product ids with a review of theirs waiting for moderation. */
  pendingReviews: Set<number>;
  flash: Flash | null;
}

/** What a fragment is filled from: the shopper (null: a visitor with nothing of their own) and this response. */
export interface Filling {
  view: ShopperView | null;
  nonce: string;
  db: D1Database;
  /** The request's texts: a hole is filled in the page's language. */
  t: Translator;
}

/**
 * One part of a page that belongs to the shopper (a count, the account link, a
 * pressed heart, a flash message...). Its module renders the placeholder a kept
 * page carries, marked with `data-hole` (or `data-favourite`) and showing what an
 * anonymous first visit sees, and it fills that hole for this shopper as the
 * kept page streams through HTMLRewriter (fill-holes.tsx runs them all). A page
 * rendered for one request renders the same placeholder with the shopper's value.
 */
export interface PersonalFragment {
  /** Also the name a kept shell lists it by when the hole is below `<main>` (shells/shell-store.ts). */
  name: string;
  /** How the hole shows in kept HTML; absent for one that lives only in the head or header. */
  mark?: string;
  /** Whether this shopper has anything to put in it (else the placeholder stays as it is). */
  wants(filling: Filling): boolean;
  fill(rewriter: HTMLRewriter, filling: Filling): void;
}

/** A fragment with something of the shopper's own to show: never filled for a visitor with nothing of theirs. */
export function shopperFragment(fragment: {
  name: string;
  mark?: string;
  wants(view: ShopperView): boolean;
  fill(rewriter: HTMLRewriter, view: ShopperView, filling: Filling): void;
}): PersonalFragment {
  return {
    name: fragment.name,
    mark: fragment.mark,
    wants: ({ view }) => view !== null && fragment.wants(view),
    fill(rewriter, filling) {
      if (filling.view) fragment.fill(rewriter, filling.view, filling);
    },
  };
}
