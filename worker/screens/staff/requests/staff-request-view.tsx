import type { Context } from "hono";
import { Field } from "../../../../client/components/fields";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { DeskRequest } from "../../../platform/requests/request-desk-store";
import type { RequestStatus } from "../../../platform/requests/request-store";
import { staffDate } from "../desk/staff-page";
import { DeskForm, DeskNoteForm, Fact, type RecordFrame, renderStaffRecord } from "../desk/staff-record";
import {
  allowedRequestActions,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_TRANSITIONS,
  type RequestAction,
} from "./request-workflow";

/**
 * `/staff/requests/{id}`: everything the visitor sent (React escapes it all; nothing here is
 * raw HTML), the file, a form per action the status allows, the internal note and the audit.
 * Each form posts the version it showed; a save from an older copy is refused (staff-request.ts).
 */
export const NOTE_MAX = 2000;

export interface RequestFormState {
  errors?: { note?: string };
  values?: Record<string, string>;
  alert?: string;
}

export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function Facts({ request }: { request: DeskRequest }) {
  const { attachment } = request;
  return (
    <dl className="order-facts">
      <Fact term="Status">
        <span className={`status status--request-${request.status}`}>{REQUEST_STATUS_LABELS[request.status]}</span>
      </Fact>
      <Fact term="Received">
        <time dateTime={request.createdAt}>{staffDate.format(new Date(request.createdAt))}</time>
      </Fact>
      <Fact term="Kind">{REQUEST_KIND_LABELS[request.kind]}</Fact>
      <Fact term="Name">{request.name}</Fact>
      {request.company && <Fact term="Company">{request.company}</Fact>}
      <Fact term="Phone">
        <a href={`tel:${request.phone.replace(/[^\d+]/g, "")}`}>{request.phone}</a>
      </Fact>
      {request.email && (
        <Fact term="E-mail">
          <a href={`mailto:${request.email}`}>{request.email}</a>
        </Fact>
      )}
      {request.message && (
        <Fact term={request.kind === "consultation" ? "Question" : "Message"} wide>
          <p className="staff-request__message">{request.message}</p>
        </Fact>
      )}
      {attachment && (
        <Fact term="Attached file">
          <a href={routePath("staff-request-attachment", { publicId: request.publicId })} download>
            {attachment.name}
          </a>{" "}
          <span className="muted">({fileSize(attachment.size)})</span>
        </Fact>
      )}
    </dl>
  );
}

function ActionForm({ request, action }: { request: DeskRequest; action: RequestAction }) {
  return (
    <DeskForm
      to={routePath("staff-request", { publicId: request.publicId })}
      className="staff-request__action"
      intent={action}
      version={request.version}
      submit={REQUEST_TRANSITIONS[action].label}
      outlined={action === "spam"}
    />
  );
}

function NoteForm({ request, state }: { request: DeskRequest; state: RequestFormState }) {
  const value = state.values?.note ?? request.staffNote ?? "";
  return (
    <DeskNoteForm
      to={routePath("staff-request", { publicId: request.publicId })}
      version={request.version}
      className="staff-request__note"
      submit="Save note"
    >
      <Field
        name="note"
        label="Internal note (staff only)"
        idPrefix="request"
        error={state.errors?.note}
        hint="What was agreed, who called back. Leave it empty to remove the note."
      >
        {(props) => <textarea {...props} rows={4} maxLength={NOTE_MAX} defaultValue={value} />}
      </Field>
    </DeskNoteForm>
  );
}

const REQUEST_RECORD: RecordFrame = {
  section: "requests",
  back: { href: routePath("staff-requests"), label: "All requests" },
  words: {
    actions: {
      start: "started working on it",
      done: "marked it as done",
      spam: "marked it as spam",
      reopen: "reopened it",
      note: "changed the note",
    },
    fields: { status: "Status", note: "Note" },
    value: (field, value) =>
      field === "status" ? (REQUEST_STATUS_LABELS[value as RequestStatus] ?? String(value)) : String(value),
  },
};

export async function renderRequest(
  c: Context<AppEnv>,
  request: DeskRequest,
  state: RequestFormState = {},
  status: 200 | 409 | 422 = 200,
): Promise<Response> {
  const actions = allowedRequestActions(request.status);
  return renderStaffRecord(
    c,
    REQUEST_RECORD,
    {
      title: `${REQUEST_KIND_LABELS[request.kind]} from ${request.name} · Staff`,
      alert: state.alert,
      audit: { kind: "request", ref: request.publicId },
      status,
    },
    <>
      <h1>{`${REQUEST_KIND_LABELS[request.kind]} from ${request.name}`}</h1>
      <Facts request={request} />
      <div className="staff-request__actions">
        {actions.map((action) => (
          <ActionForm key={action} request={request} action={action} />
        ))}
      </div>
      <NoteForm request={request} state={state} />
    </>,
  );
}
