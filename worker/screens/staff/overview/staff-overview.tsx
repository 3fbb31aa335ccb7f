import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { deskOverview } from "../../../platform/orders/order-desk-store";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../platform/orders/order-record";
import { renderStaffList } from "../desk/staff-list";

/** `/staff`: what needs doing today, at a glance. */
const OPEN: readonly OrderStatus[] = ["new", "paid", "awaiting_payment", "processing", "shipped"];

/** A tile's words after its count: one form, or the singular and plural ("1 review to moderate"). */
type TileLabel = string | { one: string; other: string };

function Tile({ href, count, label }: { href?: string; count: number; label: TileLabel }) {
  const words = typeof label === "string" ? label : count === 1 ? label.one : label.other;
  const inner = (
    <>
      <span className="staff-tile__count">{count}</span>
      <span className="staff-tile__label">{words}</span>
    </>
  );
  return <li className="staff-tile">{href ? <a href={href}>{inner}</a> : inner}</li>;
}

export async function overviewPage(c: Context<AppEnv>): Promise<Response> {
  const overview = await deskOverview(c.env.DB);
  const staff = c.get("staff");
  return renderStaffList(c, {
    title: "Staff desk",
    section: "overview",
    body: (
      <>
        <h1>Good day{staff ? `, ${staff.name}` : ""}</h1>
        <h2>Orders</h2>
        <ul className="staff-tiles">
          <Tile
            href={routePath("staff-orders", { query: { from: overview.todayDate } })}
            count={overview.today}
            label="placed today"
          />
          {OPEN.map((status) => (
            <Tile
              key={status}
              href={routePath("staff-orders", { query: { status } })}
              count={overview.byStatus[status]}
              label={ORDER_STATUS_LABELS[status].toLowerCase()}
            />
          ))}
        </ul>
        <h2>Waiting for you</h2>
        <ul className="staff-tiles">
          <Tile
            href={routePath("staff-requests", { query: { status: "new" } })}
            count={overview.newRequests}
            label={{ one: "new request", other: "new requests" }}
          />
          <Tile
            href={routePath("staff-reviews")}
            count={overview.reviewsWaiting}
            label={{ one: "review to moderate", other: "reviews to moderate" }}
          />
          <Tile
            href={routePath("staff-outbox")}
            count={overview.failedMails}
            label={{ one: "e-mail that failed", other: "e-mails that failed" }}
          />
        </ul>
      </>
    ),
  });
}
