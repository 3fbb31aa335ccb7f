import type { Context } from "hono";
import { Icon } from "../../../client/components/icons";
import { awaitsShopperConfirmation } from "../../../shared/cash-on-delivery";
import type { Locale } from "../../../shared/constants";
import { translator } from "../../../shared/i18n/translator";
import { whatsappDigits, whatsappLink } from "../../../shared/whatsapp-link";
import { confirmOrderText, type MessageOrder } from "../../../shared/whatsapp-messages";
import { useTexts } from "../../frame/i18n/texts";
import { getContacts } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import type { Order } from "../../platform/orders/order-record";

/**
 * "Confirm on WhatsApp" after a cash order (docs/promotions.md): a chat with the shop's number (the CMS
 * contacts record) with the order number, its items, total and address typed in, in the order's language;
 * offered while the order waits for the shopper's confirmation (shared/cash-on-delivery.ts).
 */

/** The shop's WhatsApp number as wa.me wants it, from the contacts record; null when it names none. */
export async function shopWhatsapp(c: Context<AppEnv>): Promise<string | null> {
  return whatsappDigits((await getContacts(c, c.get("locale") ?? "en"))?.whatsapp);
}

/** The link that opens the chat confirming `order`, its words in `locale` (the order's). */
export function confirmOrderLink(digits: string, locale: Locale, order: MessageOrder): string {
  return whatsappLink(digits, confirmOrderText(translator(locale), order));
}

/** An order as its message says it. */
export function messageOf(order: Order): MessageOrder {
  return { ...order, total: order.totals.total };
}

/** The button under a cash order's confirmation, when the shop has a WhatsApp number (`digits`). */
export function ConfirmOnWhatsapp({ order, digits }: { order: Order; digits: string | null }) {
  const t = useTexts();
  if (!digits || !awaitsShopperConfirmation(order)) return null;
  const href = confirmOrderLink(digits, order.locale, messageOf(order));
  return (
    <div className="whatsapp-confirm">
      <p>{order.delivery === "pickup" ? t.m.whatsapp.confirmNotePickup : t.m.whatsapp.confirmNote}</p>
      <a className="button button--outlined" href={href} rel="noopener" target="_blank">
        <Icon name="whatsapp" size={18} /> {t.m.whatsapp.confirm}
      </a>
    </div>
  );
}
