import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import { formatAed } from "../../../../shared/money";
import type { AppEnv } from "../../../platform/app-env";
import {
  addSingleUseCodes,
  type DeskPromotion,
  findDeskPromotion,
  listCodes,
  setPaused,
  updatePromotion,
} from "../../../platform/promotions/promotion-desk-store";
import { afterSaleChange } from "../../../platform/promotions/sale-moves";
import { type DeskRecord, recordAction, sameVersion } from "../desk/desk-action";
import { renderStaffMessage } from "../desk/staff-page";
import { DeskForm, Fact, type RecordFrame, type RecordStatus, renderStaffRecord } from "../desk/staff-record";
import { draftValues, readDraft, utcToDubai } from "./promotion-draft";
import { PromotionFields } from "./promotion-fields";
import { conditionWords, givesWords, limitWords, stackingWords, targetWords, whenWords } from "./promotion-words";
import type { PromotionFormState } from "./staff-promotions";

/**
 * `/staff/promotions/{id}`: one promotion, what it gave (uses, the discount, its orders' revenue), how
 * it stacks, pause and resume, single-use codes made in a batch and exported as CSV, and its audit.
 * Every form posts the version it showed: a change from an older copy is refused, naming who changed it.
 */
const ID = /^[1-9]\d{0,11}$/;
const CODES_MAX = 5000;

async function findPromotion(c: Context<AppEnv>): Promise<DeskPromotion | null> {
  const id = c.req.param("id") ?? "";
  return ID.test(id) ? findDeskPromotion(c.env.DB, Number(id)) : null;
}

const FRAME: RecordFrame = {
  section: "promotions",
  back: { href: routePath("staff-promotions"), label: "All promotions" },
  words: {
    actions: {
      add: "added the promotion",
      change: "changed it",
      pause: "paused it",
      resume: "resumed it",
      codes: "made single-use codes",
    },
    fields: {
      paused: "Paused",
      codes: "Codes",
      name: "Name",
      nameAr: "Name in Arabic",
      gives: "Gives",
      target: "On",
      minSubtotal: "Minimum subtotal",
      minQuantity: "Minimum items",
      startsAt: "Starts",
      endsAt: "Ends",
      usesMax: "Uses in all",
      usesPerShopper: "Uses per shopper",
      combinable: "Combinable",
      firstOrderOnly: "First order only",
      priority: "Priority",
    },
    value: auditValue,
  },
};

/** An audited field's value in the desk's words (the audit keeps the promotion's own shapes). */
function auditValue(field: string, value: unknown): string {
  if (field === "gives") return givesWords({ gives: value } as DeskPromotion);
  if (field === "target") return targetWords({ target: value } as DeskPromotion);
  if (field === "minSubtotal") return formatAed(Number(value));
  if (field === "startsAt" || field === "endsAt") return `${utcToDubai(String(value)).replace("T", " ")} (Dubai)`;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function renderPromotion(
  c: Context<AppEnv>,
  p: DeskPromotion,
  state: PromotionFormState = {},
  status: RecordStatus = 200,
) {
  return renderStaffRecord(
    c,
    FRAME,
    {
      title: `${p.name} · Promotions · Staff`,
      alert: state.alert,
      audit: { kind: "promotion", ref: String(p.id) },
      status,
    },
    <>
      <h1>
        {p.name}
        {p.paused ? " (paused)" : ""}
      </h1>
      <dl className="order-facts">
        <Fact term="Name in Arabic">
          {p.nameAr ? (
            <bdi lang="ar" dir="rtl">
              {p.nameAr}
            </bdi>
          ) : (
            "None: Arabic pages show the English name"
          )}
        </Fact>
        <Fact term="Applies">
          {p.applies === "code" ? `With a code (${p.codes} code${p.codes === 1 ? "" : "s"})` : "Automatically"}
        </Fact>
        <Fact term="Gives">{givesWords(p)}</Fact>
        <Fact term="On">{targetWords(p)}</Fact>
        <Fact term="When">{whenWords(p)}</Fact>
        <Fact term="Conditions">{conditionWords(p)}</Fact>
        <Fact term="Limits">{limitWords(p)}</Fact>
        <Fact term="Stacking">{stackingWords(p)}</Fact>
        <Fact term="Uses">{p.usesMax !== null ? `${p.uses} of ${p.usesMax}` : String(p.uses)}</Fact>
        <Fact term="Discount given">{`${formatAed(p.given)} on ${p.orders} order${p.orders === 1 ? "" : "s"}`}</Fact>
        <Fact term="Those orders' revenue">{formatAed(p.revenue)}</Fact>
      </dl>
      <DeskForm
        to={routePath("staff-promotion", { id: p.id })}
        className="staff-action"
        intent={p.paused ? "resume" : "pause"}
        version={p.version}
        submit={p.paused ? "Resume" : "Pause"}
        outlined={!p.paused}
      >
        <h2>{p.paused ? "Resume the promotion" : "Pause the promotion"}</h2>
        <p className="muted">
          {p.paused
            ? "Shoppers get it again from their next quote."
            : "Shoppers stop getting it at once; orders placed keep theirs."}
        </p>
      </DeskForm>
      <DeskForm
        to={routePath("staff-promotion", { id: p.id })}
        className="staff-action staff-promotions-add"
        intent="change"
        version={p.version}
        submit="Save changes"
      >
        <h2>Change the promotion</h2>
        <p className="muted">
          How it applies and its codes stay as they are. Orders already placed keep the discount they got; bags get the
          change from their next quote.
        </p>
        <PromotionFields values={state.values ?? draftValues(p)} errors={state.errors ?? {}} changing />
      </DeskForm>
      {p.applies === "code" && (
        <DeskForm
          to={routePath("staff-promotion", { id: p.id })}
          className="staff-action"
          intent="codes"
          version={p.version}
          submit="Make codes"
        >
          <h2>Single-use codes</h2>
          <div className="field">
            <label htmlFor="codes-count">How many (up to {CODES_MAX})</label>
            <input id="codes-count" name="count" inputMode="numeric" />
          </div>
          <div className="field">
            <label htmlFor="codes-prefix">Prefix (letters and digits)</label>
            <input id="codes-prefix" name="prefix" maxLength={12} />
          </div>
          <p>
            <a href={routePath("staff-promotion-codes", { id: p.id })}>Export its codes as CSV</a>
          </p>
        </DeskForm>
      )}
    </>,
  );
}

export async function promotionPage(c: Context<AppEnv>): Promise<Response> {
  const p = await findPromotion(c);
  if (!p) return renderStaffMessage(c, "Promotion not found", "There is no promotion with that number.", 404);
  return renderPromotion(c, p);
}

const DESK: DeskRecord<DeskPromotion, PromotionFormState> = {
  find: findPromotion,
  missing: (c) => renderStaffMessage(c, "Promotion not found", "There is no promotion with that number.", 404),
  render: renderPromotion,
  fresh: (p, form) => sameVersion(form, p.version, (action) => ["change", "pause", "resume", "codes"].includes(action)),
  audit: (p) => ({ kind: "promotion", ref: String(p.id) }),
  meanwhile: (_now, who) => ({
    alert: `This promotion was changed by ${who} meanwhile. Here it is as it is now: check it, then try again.`,
  }),
};

/** A code nobody guesses: the prefix, a dash, eight letters and digits that cannot be misread. */
function newCode(prefix: string): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${prefix ? `${prefix}-` : ""}${[...bytes].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

export const postPromotionRecord = recordAction(DESK, async ({ c, record: p, form, actor }) => {
  const to = routePath("staff-promotion", { id: p.id });
  if (form.action === "change") {
    const draft = readDraft({ ...form, applies: p.applies });
    if (!draft.ok) return { again: { values: form, errors: draft.errors }, status: 422 };
    if (!(await updatePromotion(c.env.DB, p, p.version, draft.promotion, actor))) return { meanwhile: true };
    // A sale shows on the catalogue: the kept pages of what it was on and of what it is on now (decision 0120).
    await afterSaleChange(c.env, p);
    await afterSaleChange(c.env, { ...draft.promotion, id: p.id, paused: p.paused });
    return { done: { kind: "success", text: `“${draft.promotion.name}” is saved.` }, to };
  }
  if (form.action === "codes") {
    const count = Number(form.count ?? "");
    const prefix = (form.prefix ?? "").trim().toUpperCase();
    if (!Number.isInteger(count) || count < 1 || count > CODES_MAX || !/^[A-Z0-9]{0,12}$/.test(prefix))
      return {
        again: { alert: `Enter how many codes, 1 to ${CODES_MAX}, and a prefix of letters and digits.` },
        status: 422,
      };
    const codes = Array.from({ length: count }, () => newCode(prefix));
    if (!(await addSingleUseCodes(c.env.DB, p, p.version, codes, actor))) return { meanwhile: true };
    return { done: { kind: "success", text: `${count} single-use codes made. Export them as CSV below.` }, to };
  }
  const paused = form.action === "pause";
  if (!(await setPaused(c.env.DB, p, p.version, paused, actor))) return { meanwhile: true };
  await afterSaleChange(c.env, p);
  return { done: { kind: "success", text: paused ? `“${p.name}” is paused.` : `“${p.name}” is running again.` }, to };
});

/** The promotion's codes as CSV: code, single use, uses. */
export async function promotionCodesCsv(c: Context<AppEnv>): Promise<Response> {
  const p = await findPromotion(c);
  if (!p) return renderStaffMessage(c, "Promotion not found", "There is no promotion with that number.", 404);
  const rows = await listCodes(c.env.DB, p.id);
  const csv = ["code,single_use,uses", ...rows.map((r) => `${r.code},${r.singleUse ? "yes" : "no"},${r.uses}`)].join(
    "\r\n",
  );
  return new Response(`${csv}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="promotion-${p.id}-codes.csv"`,
      "cache-control": "no-store",
    },
  });
}
