import { Fragment } from "react";
import { otherLanguage } from "../../../shared/i18n/text-language";
import type { Product } from "../../../shared/types/catalog";
import { Rich, useTexts } from "../../frame/i18n/texts";

/**
 * The line under a product's name: its line, its volume and its SKU. Each keeps its own language
 * and direction on an Arabic page ("6 ml" from an English fallback is not "ml 6"), and the SKU
 * ("MAI-ROS-0001") reads left to right in a <bdi>, whose code alone the variant picker changes
 * (client/islands/variant-picker.tsx).
 */
export function ProductFacts({ product, sku, volume }: { product: Product; sku: string; volume: boolean }) {
  const t = useTexts();
  const details = [product.line?.name, volume ? product.volume : null].filter((d): d is string => !!d);
  return (
    <p className="muted">
      {details.map((detail) => (
        <Fragment key={detail}>
          <span {...otherLanguage(t.locale, detail, product.locale)}>{detail}</span>
          {" · "}
        </Fragment>
      ))}
      <span data-variant-sku="">
        <Rich
          text={t.m.product.sku}
          parts={{
            sku: (
              <bdi dir="ltr" data-variant-sku-code="">
                {sku}
              </bdi>
            ),
          }}
        />
      </span>
    </p>
  );
}
