import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { listSearchMisses, MAX_ROWS } from "../../../platform/search/search-misses-store";
import { renderStaffList, StaffTable } from "../desk/staff-list";
import { staffDate } from "../desk/staff-page";

/**
 * `/staff/searches`: what shoppers searched for and found no product, most frequent first, so
 * staff can see what is asked for and not stocked, or named otherwise. Read only.
 */
const SHOWN = 100;

export async function searchesPage(c: Context<AppEnv>): Promise<Response> {
  const misses = await listSearchMisses(c.env.DB, SHOWN);
  return renderStaffList(c, {
    title: "Searches that found nothing · Staff",
    section: "searches",
    body: (
      <>
        <h1>Searches that found nothing</h1>
        <p className="lead">
          What shoppers searched for without finding a product, most frequent first (the {SHOWN} most frequent of the{" "}
          {MAX_ROWS} most recently seen; lower case, accents and symbols left out).
        </p>
        {misses.length === 0 ? (
          <p>No search has come up empty yet.</p>
        ) : (
          <StaffTable
            label="Searches that found nothing"
            caption="Searches that found nothing"
            className="staff-table--fit"
            columns={["Search", { label: "Times", num: true }, "Last searched", "First searched"]}
          >
            {misses.map((miss) => (
              <tr key={miss.query}>
                <td>
                  <a href={routePath("search", { query: { q: miss.query } })}>{miss.query}</a>
                </td>
                <td className="staff-table__num">{miss.count}</td>
                <td>{staffDate.format(miss.lastSeen)}</td>
                <td>{staffDate.format(miss.firstSeen)}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </>
    ),
  });
}
