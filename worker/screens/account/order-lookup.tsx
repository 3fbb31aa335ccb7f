/**
 * /order-lookup: a guest finds their order from any browser (decision 0112). The order number and
 * the e-mail or phone it was placed with (worker/platform/orders/order-access.ts matches them); on a
 * match, a 303 to the order page with its key. A wrong number and a wrong e-mail or phone get the
 * same answer, so the form tells nothing about which orders exist, and each visitor has a few tries
 * (ORDER_LOOKUP, worker/platform/routing/limit-presets.ts; over it, a 429 with the sentence above the
 * form). A plain form: it works without JavaScript.
 */
import { type Context, Hono } from "hono";
import { routePath } from "../../../shared/links";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { limitRefusal } from "../../platform/middleware/route-limits";
import { contactMatches, orderForLookup, orderKeyPath } from "../../platform/orders/order-access";
import { ORDER_LOOKUP } from "../../platform/routing/limit-presets";
import { type ReadSpec, reads, type WriteSpec, writes } from "../../platform/routing/route-spec";
import { ensureVisitorId } from "../../platform/security/visitor-id";
import { AccountForm, SubmitButton } from "./account-fields";
import { renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";

const LOOKUP_PAGE: ReadSpec = { session: "resume", personal: true };
const LOOKUP_FORM: WriteSpec = {
  body: "form",
  limits: ORDER_LOOKUP,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

interface LookupState {
  number?: string;
  contact?: string;
  errors?: FieldErrors;
  alert?: string;
}

async function renderLookup(c: Context<AppEnv>, state: LookupState = {}, status = 200): Promise<Response> {
  const o = textsOf(c).m.orderLookup;
  const errors = state.errors ?? {};
  return renderAccountPage(
    c,
    {
      title: o.title,
      description: o.description,
      body: (
        <AuthCard title={o.title} lead={o.intro}>
          {state.alert && (
            <FormAlert>
              <p>{state.alert}</p>
            </FormAlert>
          )}
          <AccountForm action={routePath("order-lookup")}>
            <Field
              name="number"
              label={o.number}
              value={state.number}
              error={errors.number}
              hint={o.numberHint}
              autoComplete="off"
              maxLength={40}
              required
            />
            <Field
              name="contact"
              label={o.contact}
              value={state.contact}
              error={errors.contact}
              autoComplete="email"
              maxLength={200}
              required
            />
            <SubmitButton>{o.submit}</SubmitButton>
          </AccountForm>
        </AuthCard>
      ),
    },
    status,
  );
}

/**
 * The number as shoppers type it: spaces, case and the dashes do not matter ("nb-2612-7k3qx0 ",
 * "NB26127K3QX0", "nb 2612 7k3qx0"): what is left is written back as the order's own number.
 */
function orderNumberOf(typed: string): string | null {
  const match = /^NB(\d{4})([A-Z0-9]{6})$/.exec(typed.replace(/[\s\-\u2010-\u2015]+/g, "").toUpperCase());
  return match ? `NB-${match[1]}-${match[2]}` : null;
}

export const orderLookupRoutes = new Hono<AppEnv>();

// The page gives a browser its visitor id, so its tries are counted as its own (route-limits.ts).
orderLookupRoutes.get("/", reads(LOOKUP_PAGE), async (c) => {
  await ensureVisitorId(c);
  return renderLookup(c);
});

orderLookupRoutes.post("/", writes(LOOKUP_FORM), async (c) => {
  const form = textFields(await readFormBody(c));
  const o = textsOf(c).m.orderLookup;
  const typed = { number: (form.number ?? "").slice(0, 40), contact: (form.contact ?? "").slice(0, 200) };
  const refused = limitRefusal(c);
  if (refused) {
    c.header("Retry-After", String(refused.retryAfter));
    return renderLookup(c, { ...typed, alert: refused.message }, 429);
  }
  const errors: FieldErrors = {};
  if (!typed.number.trim()) errors.number = o.needNumber;
  if (!typed.contact.trim()) errors.contact = o.needContact;
  if (Object.keys(errors).length > 0) return renderLookup(c, { ...typed, errors }, 422);
  const number = orderNumberOf(typed.number);
  const order = number ? await orderForLookup(c.env.DB, number) : null;
  // One answer for a number that is not an order's and a contact that is not its: nothing tells them apart.
  if (!number || !order || !contactMatches(order, typed.contact)) {
    return renderLookup(c, { ...typed, alert: o.notFound }, 422);
  }
  return c.redirect(orderKeyPath(number, order.accessToken), 303);
});
