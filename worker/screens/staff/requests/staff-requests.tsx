import type { Context } from "hono";
import type { RequestKind } from "../../../../shared/forms/requests";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import {
  type DeskRequest,
  listRequests,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  type RequestFilter,
} from "../../../platform/requests/request-desk-store";
import type { RequestStatus } from "../../../platform/requests/request-store";
import { pageNumber } from "../../../shop/listing/pager";
import { renderStaffList, StaffFilterForm, StaffFilterSelects, StaffPagedTable, StaffRow } from "../desk/staff-list";
import { staffDate } from "../desk/staff-page";
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from "./request-workflow";

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
    <StaffFilterForm
      action={routePath("staff-requests")}
      className="staff-filter staff-filter--requests"
      submit="Show requests"
    >
      <StaffFilterSelects
        form="requests"
        values={filter}
        selects={[
          { name: "status", label: "Status", options: REQUEST_STATUSES.map((s) => [s, REQUEST_STATUS_LABELS[s]]) },
          { name: "kind", label: "Kind", options: REQUEST_KINDS.map((k) => [k, REQUEST_KIND_LABELS[k]]) },
        ]}
      />
    </StaffFilterForm>
  );
}

function RequestRow({ request }: { request: DeskRequest }) {
  const href = routePath("staff-request", { publicId: request.publicId });
  return (
    <StaffRow href={href} title={request.name} sub={request.company}>
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
    </StaffRow>
  );
}

export async function requestsPage(c: Context<AppEnv>): Promise<Response> {
  const filter = readFilter(c);
  const page = pageNumber(c.req.query("page")) ?? 1;
  const { requests, total } = await listRequests(c.env.DB, filter, { page, perPage: PER_PAGE });
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;
  return renderStaffList(c, {
    title: "Requests · Staff",
    section: "requests",
    body: (
      <>
        <h1>Requests</h1>
        <FilterForm filter={filter} />
        <p className="muted" role="status">
          {total === 0
            ? "No requests match."
            : requests.length === 0
              ? `${total} request${total === 1 ? "" : "s"}, none on this page.`
              : `${total} request${total === 1 ? "" : "s"}, newest first.`}
        </p>
        <StaffPagedTable
          table={{
            label: "Requests found",
            caption: "Requests",
            className: "staff-table--stack",
            columns: ["From", "Kind", "Status", "Received", "Contact", "File"],
          }}
          rows={requests.map((request) => <RequestRow key={request.publicId} request={request} />)}
          pager={{
            base: routePath("staff-requests"),
            query,
            page,
            pageCount: pages,
            label: "Pages of requests",
          }}
        />
      </>
    ),
  });
}
