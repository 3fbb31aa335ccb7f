import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { listSearchMisses, MAX_ROWS } from "../../platform/search/search-misses-store";
import { renderStaffPage, StaffNav, StaffTableFrame, staffDate } from "./staff-page";

/**
 * `/staff/searches`: what shoppers searched for and found no product, most frequent first, so
 * staff can see what is asked for and not stocked, or named otherwise. Read only.
 */
const SHOWN = 100;

export async function searchesPage(c: Context<AppEnv>): Promise<Response> {
  const misses = await listSearchMisses(c.env.DB, SHOWN);
  return renderStaffPage(c, {
    title: "Searches that found nothing · Staff",
    body: (
      <section className="container page-section staff">
        <StaffNav current="searches" />
        <h1>Searches that found nothing</h1>
        <p className="lead">
          What shoppers searched for without finding a product, most frequent first (the {SHOWN} most frequent of the{" "}
          {MAX_ROWS} most recently seen; lower case, accents and symbols left out).
        </p>
        {misses.length === 0 ? (
          <p>No search has come up empty yet.</p>
        ) : (
          <StaffTableFrame label="Searches that found nothing">
            <table className="staff-table staff-table--fit">
              <caption className="visually-hidden">Searches that found nothing</caption>
              <thead>
                <tr>
                  <th scope="col">Search</th>
                  <th scope="col" className="staff-table__num">
                    Times
                  </th>
                  <th scope="col">Last searched</th>
                  <th scope="col">First searched</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </StaffTableFrame>
        )}
      </section>
    ),
  });
}
