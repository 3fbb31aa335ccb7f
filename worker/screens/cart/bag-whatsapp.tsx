import { Icon } from "../../../client/components/icons";
import { whatsappLink } from "../../../shared/whatsapp-link";
import { orderBagText } from "../../../shared/whatsapp-messages";
import { useTexts } from "../../frame/i18n/texts";
import type { CartView } from "./cart-view";

/**
 * "Order on WhatsApp" on the bag (docs/promotions.md): a chat with the shop's number (the CMS contacts
 * record, `digits`) with the bag's lines, their quantities and its total typed in, in the page's language.
 * Nothing when the shop has no number or nothing in the bag can be bought.
 */
export function OrderOnWhatsapp({ view, digits }: { view: CartView; digits: string | null }) {
  const t = useTexts();
  const lines = view.items.flatMap((item) =>
    item.product && item.buyable
      ? [{ quantity: item.quantity, name: item.product.name, lineTotal: item.product.price * item.quantity }]
      : [],
  );
  if (!digits || lines.length === 0 || view.catalogueDown) return null;
  const href = whatsappLink(digits, orderBagText(t, lines, view.totals.total));
  return (
    <div className="whatsapp-order">
      <p className="muted small">{t.m.whatsapp.orderNote}</p>
      <a className="button button--outlined button--block" href={href} rel="noopener" target="_blank">
        <Icon name="whatsapp" size={18} /> {t.m.whatsapp.order}
      </a>
    </div>
  );
}
