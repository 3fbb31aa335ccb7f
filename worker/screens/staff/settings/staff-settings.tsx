import type { Context } from "hono";
import { EMIRATES } from "../../../../shared/forms/checkout";
import { routePath } from "../../../../shared/links";
import type { ShopSettings } from "../../../../shared/promotions/shop-settings";
import type { AppEnv } from "../../../platform/app-env";
import { listAudit } from "../../../platform/audit/staff-audit-store";
import { readSeller } from "../../../platform/invoices/seller-store";
import { readSettings, saveSettings } from "../../../platform/promotions/settings-store";
import { type DeskRecord, type DeskState, recordAction, sameVersion } from "../desk/desk-action";
import { DeskField } from "../desk/desk-field";
import { DeskForm, type RecordFrame, renderStaffRecord } from "../desk/staff-record";
import { SellerForm, type SellerState } from "./seller-form";

/**
 * `/staff/settings`: delivery and cash on delivery (docs/decisions/0109-delivery-settings-on-the-desk.md):
 * the fee per emirate, the free-delivery threshold, the cash fee and the largest cash order. Money in AED;
 * a save from an older copy is refused naming who saved meanwhile; each save audited.
 */
interface SettingsState extends DeskState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

const FRAME: RecordFrame = {
  section: "settings",
  back: { href: routePath("staff"), label: "Overview" },
  words: { actions: { change: "changed the delivery settings" }, fields: {}, value: (_f, v) => JSON.stringify(v) },
};

const aedText = (fils: number | null | undefined) =>
  fils === null || fils === undefined ? "" : (fils / 100).toFixed(2);

function valuesOf(s: ShopSettings): Record<string, string> {
  const values: Record<string, string> = {
    deliveryFee: aedText(s.deliveryFee),
    freeDeliveryFrom: aedText(s.freeDeliveryFrom),
    cashFee: aedText(s.cashFee),
    cashMax: aedText(s.cashMax),
  };
  for (const emirate of EMIRATES) values[`fee:${emirate}`] = aedText(s.deliveryFeeByEmirate[emirate]);
  return values;
}

const LABELS: [string, string][] = [
  ["deliveryFee", "Delivery fee (AED), and the bag's estimate"],
  ["freeDeliveryFrom", "Free delivery from (AED; empty: never free by amount)"],
  ["cashFee", "Cash on delivery fee (AED)"],
  ["cashMax", "Largest order payable in cash (AED; empty: any)"],
  ...EMIRATES.map((e): [string, string] => [`fee:${e}`, `Delivery fee to ${e} (AED; empty: the fee above)`]),
];

function parse(
  form: Record<string, string>,
): { ok: true; value: Omit<ShopSettings, "version"> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const read = (name: string, required: boolean): number | null => {
    const raw = (form[name] ?? "").trim();
    if (raw === "" && !required) return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw)) {
      errors[name] = "Enter an amount in AED, like 25 or 24.50.";
      return null;
    }
    return Math.round(Number(raw) * 100);
  };
  const byEmirate: ShopSettings["deliveryFeeByEmirate"] = {};
  for (const emirate of EMIRATES) {
    const fee = read(`fee:${emirate}`, false);
    if (fee !== null) byEmirate[emirate] = fee;
  }
  const value = {
    deliveryFee: read("deliveryFee", true) ?? 0,
    freeDeliveryFrom: read("freeDeliveryFrom", false),
    cashFee: read("cashFee", true) ?? 0,
    cashMax: read("cashMax", false),
    deliveryFeeByEmirate: byEmirate,
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The settings page: the delivery settings' form, and the seller's for tax invoices (seller-form.tsx) with its state. */
export async function renderSettings(
  c: Context<AppEnv>,
  s: ShopSettings,
  state: SettingsState = {},
  status: 200 | 409 | 422 = 200,
  sellerState?: SellerState,
) {
  const [audit, seller] = await Promise.all([listAudit(c.env.DB, "settings", "delivery"), readSeller(c.env.DB)]);
  const values = state.values ?? valuesOf(s);
  return renderStaffRecord(
    c,
    FRAME,
    { title: "Settings · Staff", alert: state.alert, audit, status },
    <>
      <h1>Settings</h1>
      <p className="muted">
        <a href="#delivery-heading">Delivery and payment</a> · <a href="#seller-heading">Seller for tax invoices</a>
      </p>
      <h2 id="delivery-heading">Delivery and payment</h2>
      <DeskForm
        to={routePath("staff-settings")}
        className="staff-action"
        intent="save"
        version={s.version}
        submit="Save settings"
      >
        {LABELS.map(([name, label]) => (
          <DeskField
            key={name}
            id={`settings-${name.replace(/[^a-zA-Z0-9]/g, "-")}`}
            label={label}
            error={state.errors?.[name]}
            name={name}
            value={values[name]}
            input={{ inputMode: "decimal" }}
            announced
          />
        ))}
      </DeskForm>
      <SellerForm seller={seller} state={sellerState} />
    </>,
  );
}

export async function settingsPage(c: Context<AppEnv>): Promise<Response> {
  return renderSettings(c, await readSettings(c.env.DB));
}

const DESK: DeskRecord<ShopSettings, SettingsState> = {
  find: (c) => readSettings(c.env.DB),
  missing: async (c) => settingsPage(c),
  render: renderSettings,
  fresh: (s, form) => sameVersion(form, s.version, (action) => action === "save"),
  audit: () => ({ kind: "settings", ref: "delivery" }),
  meanwhile: (_now, who) => ({
    alert: `The settings were changed by ${who} meanwhile. Here they are as they are now: check them, then try again.`,
  }),
};

export const postSettings = recordAction(DESK, async ({ c, record, form, actor }) => {
  const parsed = parse(form);
  if (!parsed.ok) return { again: { values: form, errors: parsed.errors }, status: 422 };
  if (!(await saveSettings(c.env.DB, record, parsed.value, actor))) return { meanwhile: true };
  return {
    done: { kind: "success", text: "Delivery settings saved. The next bag and order use them." },
    to: routePath("staff-settings"),
  };
});
