import type { SellerSettings } from "../../../../shared/invoices/seller";
import { routePath } from "../../../../shared/links";
import { readSeller, saveSeller } from "../../../platform/invoices/seller-store";
import { readSettings } from "../../../platform/promotions/settings-store";
import { type DeskRecord, recordAction, sameVersion } from "../desk/desk-action";
import { parseSeller, type SellerState } from "./seller-form";
import { renderSettings } from "./staff-settings";

/**
 * POST /staff/settings/seller: the shop's details on tax invoices (decision 0116), through the desk's one
 * pipeline (decision 0098): a save from an older copy is refused naming who saved meanwhile, each save audited.
 */
const SELLER_DESK: DeskRecord<SellerSettings, SellerState> = {
  find: (c) => readSeller(c.env.DB),
  missing: async (c) => renderSettings(c, await readSettings(c.env.DB)),
  render: async (c, _seller, state, status) => renderSettings(c, await readSettings(c.env.DB), {}, status, state),
  fresh: (seller, form) => sameVersion(form, seller.version, (action) => action === "save"),
  audit: () => ({ kind: "settings", ref: "seller" }),
  meanwhile: (_now, who) => ({
    alert: `The shop's invoice details were changed by ${who} meanwhile. Here they are as they are now: check them, then try again.`,
  }),
};

export const postSeller = recordAction(SELLER_DESK, async ({ c, record, form, actor }) => {
  const parsed = parseSeller(form);
  if (!parsed.ok) return { again: { values: form, errors: parsed.errors }, status: 422 };
  if (!(await saveSeller(c.env.DB, record, parsed.value, actor))) return { meanwhile: true };
  return {
    done: { kind: "success", text: "The shop's invoice details are saved. Invoices issued from now on show them." },
    to: routePath("staff-settings"),
  };
});
