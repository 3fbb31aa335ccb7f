import { Fragment } from "react";
import { type AddressParts, addressComma, addressPieces } from "../../../shared/address-words";
import { useTexts } from "../../frame/i18n/texts";

/**
 * An order's address on a page (shared/address-words.ts): the emirate in the page's language, the
 * parts joined by its comma, what the shopper typed in a <bdi> so a Latin street reads as written.
 */
export function AddressLine({ order }: { order: AddressParts }) {
  const t = useTexts();
  const comma = addressComma(t);
  return addressPieces(t, order).map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && comma}
      {piece.typed ? <bdi>{piece.text}</bdi> : piece.text}
    </Fragment>
  ));
}
