/**
 * A shade's or size's name isolated from the words around it: "30 ml" in an Arabic line reads "30 ml",
 * not "ml 30", and never breaks between its number and its unit (`.variant-name`, client/styles/base.css).
 * `<bdi>` takes the direction of its own first letter, so an Arabic name stays right to left.
 */
export function VariantName({ name }: { name: string }) {
  return <bdi className="variant-name">{name}</bdi>;
}

/** An item's name as shared/variants.ts itemName writes it ("Royal Oud — 30 ml"), its variant isolated. */
export function ItemName({ name }: { name: string }) {
  const at = name.lastIndexOf(" — ");
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)} — <VariantName name={name.slice(at + 3)} />
    </>
  );
}
