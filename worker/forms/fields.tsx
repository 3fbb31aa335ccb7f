// The form field components live with the client so islands can render them too.
export { ErrorSummary, Field, FieldError } from "../../client/components/fields";
