import type { Context } from "hono";
import type { RequestKind } from "../../../shared/forms/requests";
import { routePath } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import {
  type DeskRequest,
  listRequests,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  type RequestFilter,
} from "../../platform/requests/request-desk-store";
import type { RequestStatus } from "../../platform/requests/request-store";
import { Pager, pageNumber } from "../../shop/listing/pager";
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from "./request-workflow";
import { renderStaffPage, StaffFilterSelect, StaffNav, StaffTableFrame, staffDate } from "./staff-page";

/** `/staff/requests`: what visitors asked the shop, newest first, filtered by status and kind. */
const PER_PAGE = 25;

/** The filter from the query; anything unknown is left out, never an error. */
function readFilter(c: Context<AppEnv>): RequestFilter {
  const filter: RequestFilter = {};
  const status = c.req.query("status") ?? "";
  const kind = c.req.query("kind") ?? "";
  if ((REQUEST_STATUSES as readonly string[]).includes(status)) filter.status = status as RequestStatus;
  if ((REQUEST_KINDS as readonly string[]).includes(kind)) filter.kind = kind as RequestKind;
  return filter;
}

function FilterForm({ filter }: { filter: RequestFilter }) {
  return (
    <form method="get" action={routePath("staff-requests")} className="staff-filter staff-filter--requests">
      <StaffFilterSelect
        form="requests"
        name="status"
        label="Status"
        value={filter.status}
        options={REQUEST_STATUSES.map((s) => [s, REQUEST_STATUS_LABELS[s]])}
      />
      <StaffFilterSelect
        form="requests"
        name="kind"
        label="Kind"
        value={filter.kind}
        options={REQUEST_KINDS.map((k) => [k, REQUEST_KIND_LABELS[k]])}
      />
      <div className="staff-filter__actions">
        <button type="submit" className="button">
          Show requests
        </button>
        <a href={routePath("staff-requests")}>Clear</a>
      </div>
    </form>
  );
}

function RequestRow({ request }: { request: DeskRequest }) {
  return (
    <tr>
      <th scope="row">
        <a href={routePath("staff-request", { publicId: request.publicId })}>{request.name}</a>
        {request.company && <span className="staff-table__sub">{request.company}</span>}
      </th>
      <td data-label="Kind">{REQUEST_KIND_LABELS[request.kind]}</td>
      <td data-label="Status">
        <span className={`status status--request-${request.status}`}>{REQUEST_STATUS_LABELS[request.status]}</span>
      </td>
      <td data-label="Received">
        <time dateTime={request.createdAt}>{staffDate.format(new Date(request.createdAt))}</time>
      </td>
      <td data-label="Contact">
        {request.phone}
        {request.email && <span className="staff-table__sub">{request.email}</span>}
      </td>
      <td data-label="File">{request.attachment ? "Attached file" : "—"}</td>
    </tr>
  );
}

export async function requestsPage(c: Context<AppEnv>): Promise<Response> {
  const filter = readFilter(c);
  const page = pageNumber(c.req.query("page")) ?? 1;
  const { requests, total } = await listRequests(c.env.DB, filter, { page, perPage: PER_PAGE });
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;
  return renderStaffPage(c, {
    title: "Requests · Staff",
    body: (
      <section className="container page-section staff">
        <StaffNav current="requests" />
        <h1>Requests</h1>
        <FilterForm filter={filter} />
        <p className="muted" role="status">
          {total === 0
            ? "No requests match."
            : requests.length === 0
              ? `${total} request${total === 1 ? "" : "s"}, none on this page.`
              : `${total} request${total === 1 ? "" : "s"}, newest first.`}
        </p>
        {requests.length > 0 && (
          <StaffTableFrame label="Requests found">
            <table className="staff-table staff-table--stack">
              <caption className="visually-hidden">Requests</caption>
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                  <th scope="col">Received</th>
                  <th scope="col">Contact</th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((request) => (
                  <RequestRow key={request.publicId} request={request} />
                ))}
              </tbody>
            </table>
          </StaffTableFrame>
        )}
        <Pager
          base={routePath("staff-requests")}
          query={query}
          page={page}
          pageCount={pages}
          around={2}
          label="Pages of requests"
        />
      </section>
    ),
  });
}
