import { awaitsShopperConfirmation, confirmationOverdue, LARGE_CASH_ORDER } from "../../../../shared/cash-on-delivery";
import { en } from "../../../../shared/i18n/en";
import { translator } from "../../../../shared/i18n/translator";
import { routePath } from "../../../../shared/links";
import { formatAed } from "../../../../shared/money";
import { whatsappDigits, whatsappLink } from "../../../../shared/whatsapp-link";
import type { WaitingOrder } from "../../../platform/orders/cash-confirmation-store";
import type { Order } from "../../../platform/orders/order-record";
import { StaffRowHead, StaffTable } from "../desk/staff-list";
import { ORDER_LANGUAGES, staffDate } from "../desk/staff-page";
import { DeskForm } from "../desk/staff-record";
import { SHOPPER_CONFIRMED } from "./order-workflow";

/**
 * The desk's side of cash on delivery that arrives (decision 0118): a cash order waiting for the
 * shopper's confirmation gets "Message on WhatsApp" (the question typed in the order's language) and
 * "Confirmed with the shopper"; one waiting longer than 48 hours is marked. On the order's page and,
 * above the list of every order, as the list of those waiting, oldest first.
 */

/** A chat with the shopper of a waiting cash order, the question in the order's language; null otherwise. */
export function messageLink(order: Order): string | null {
  const digits = whatsappDigits(order.phone);
  if (!awaitsShopperConfirmation(order) || !digits) return null;
  const t = translator(order.locale);
  const words = order.delivery === "pickup" ? t.m.whatsapp.staffTextPickup : t.m.whatsapp.staffText;
  return whatsappLink(digits, t.fill(words, { name: order.firstName, number: order.number }));
}

/** "Waiting over 48 h", beside an order unconfirmed for longer. */
function Overdue({ order, now }: { order: Order; now: Date }) {
  if (!confirmationOverdue(order, now)) return null;
  return <strong className="status status--overdue">Waiting over 48 h</strong>;
}

/** "Refused before: 1 parcel", beside a shopper whose phone had a parcel refused at the door. */
function RefusedBefore({ refusals }: { refusals: number }) {
  if (refusals === 0) return null;
  return (
    <strong className="status status--overdue">
      Refused before: {refusals} {refusals === 1 ? "parcel" : "parcels"}
    </strong>
  );
}

/** "Large order", beside a total of LARGE_CASH_ORDER or more. */
function Large({ order }: { order: Order }) {
  if (order.totals.total < LARGE_CASH_ORDER) return null;
  return <strong className="status status--overdue">Large order</strong>;
}

function ConfirmForm({ order, from }: { order: Order; from?: "list" }) {
  return (
    <DeskForm
      to={routePath("staff-order", { number: order.number })}
      className="staff-action staff-action--shopper-confirmed"
      intent={SHOPPER_CONFIRMED}
      version={order.version}
      submit={
        <>
          Confirmed with the shopper<span className="visually-hidden"> ({order.number})</span>
        </>
      }
    >
      {from && <input type="hidden" name="from" value={from} />}
    </DeskForm>
  );
}

/** On the order's page: where the cash order stands with its shopper. */
export function CashConfirmation({ order, now = new Date() }: { order: Order; now?: Date }) {
  if (order.payment !== "cash") return null;
  if (order.cashConfirmedAt) {
    return <p className="muted">Confirmed with the shopper {staffDate.format(new Date(order.cashConfirmedAt))}.</p>;
  }
  if (!awaitsShopperConfirmation(order)) return null;
  const message = messageLink(order);
  return (
    <div className="staff-cash-confirm">
      <p>
        The shopper has not confirmed this cash order yet: ask them, then press “Confirmed with the shopper”.{" "}
        <Overdue order={order} now={now} />
      </p>
      {message && (
        <a className="button button--outlined" href={message} rel="noopener" target="_blank">
          {en.whatsapp.message}
        </a>
      )}
      <ConfirmForm order={order} />
    </div>
  );
}

/**
 * Where "Mark as shipped" would stand on a cash order not yet confirmed with the shopper: why it is not
 * offered yet (docs/decisions/0132-cash-ships-only-once-confirmed.md), in a few words pointing at the
 * confirm step above, which says what to do. When a post to ship it was just refused, the whole sentence
 * is the page's alert, here beside the action rather than at the top.
 */
export function ShipHeld({ refused }: { refused: boolean }) {
  return refused ? (
    <p className="notice notice--error staff-ship-held" role="alert">
      {en.whatsapp.shipFirstConfirm}
    </p>
  ) : (
    <p className="muted staff-ship-held">{en.whatsapp.shipAfterConfirm}</p>
  );
}

/** Above the list: the cash orders waiting for the shopper's confirmation, oldest first. */
export function WaitingCashOrders({ orders, now = new Date() }: { orders: readonly WaitingOrder[]; now?: Date }) {
  if (orders.length === 0) return null;
  return (
    <section className="staff-waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Cash orders to confirm with the shopper</h2>
      <p className="muted">
        {orders.length} waiting, oldest first: confirm each before it leaves. Marked: waiting over 48 h, a phone with a
        parcel refused before, an order of {formatAed(LARGE_CASH_ORDER)} or more.
      </p>
      <StaffTable
        label="Cash orders to confirm"
        caption="Cash orders to confirm with the shopper"
        className="staff-table--stack"
        columns={["Order", "Placed", "Customer", { label: "Total", num: true }, "Confirm"]}
      >
        {orders.map((order) => {
          const message = messageLink(order);
          return (
            <tr key={order.number}>
              <StaffRowHead href={routePath("staff-order", { number: order.number })} title={order.number} />
              <td data-label="Placed">
                {staffDate.format(new Date(order.createdAt))} <Overdue order={order} now={now} />
              </td>
              <td data-label="Customer">
                {order.firstName} {order.lastName}
                <span className="staff-table__sub">
                  {order.phone} · {ORDER_LANGUAGES[order.locale]}
                </span>
                <RefusedBefore refusals={order.refusals} />
                {message && (
                  <a className="staff-table__sub" href={message} rel="noopener" target="_blank">
                    {en.whatsapp.message}
                  </a>
                )}
              </td>
              <td data-label="Total" className="staff-table__num">
                {formatAed(order.totals.total)} <Large order={order} />
              </td>
              <td data-label="Confirm">
                <ConfirmForm order={order} from="list" />
              </td>
            </tr>
          );
        })}
      </StaffTable>
    </section>
  );
}
