import type { Seller, SellerSettings } from "../../../../shared/invoices/seller";
import { readTrn } from "../../../../shared/invoices/trn";
import { routePath } from "../../../../shared/links";
import { DeskField } from "../desk/desk-field";
import { DeskForm } from "../desk/staff-record";

/**
 * The seller's details on tax invoices (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md),
 * a form of the desk's settings page: the legal name in English and Arabic, the address, the TRN.
 * Saved through the desk's pipeline (worker/screens/staff/settings/seller-action.ts).
 */
export interface SellerState {
  alert?: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

const FIELDS: { name: keyof Seller; label: string; dir?: "rtl"; lang?: string; inputMode?: "numeric" }[] = [
  { name: "legalNameEn", label: "Legal name (English), as on the VAT registration" },
  { name: "legalNameAr", label: "Legal name (Arabic)", dir: "rtl", lang: "ar" },
  { name: "address", label: "Registered address" },
  { name: "trn", label: "Tax Registration Number (TRN, 15 digits)", inputMode: "numeric" },
];

export function parseSeller(
  form: Record<string, string>,
): { ok: true; value: Seller } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: keyof Seller, max: number) => {
    const value = (form[name] ?? "").trim().replace(/\s+/g, " ");
    if (!value) errors[name] = "Fill this in: every tax invoice shows it.";
    else if (value.length > max) errors[name] = `This is too long (at most ${max} characters).`;
    return value;
  };
  const legalNameEn = text("legalNameEn", 200);
  const legalNameAr = text("legalNameAr", 200);
  const address = text("address", 400);
  const typed = (form.trn ?? "").trim();
  const trn = readTrn(typed);
  if (!trn) errors.trn = "A TRN is 15 digits, like 100123456700003. Check the VAT registration certificate.";
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { legalNameEn, legalNameAr, address, trn: trn! } };
}

export function SellerForm({ seller, state = {} }: { seller: SellerSettings; state?: SellerState }) {
  const values: Record<string, string> = state.values ?? { ...seller, version: String(seller.version) };
  return (
    <section aria-labelledby="seller-heading">
      <h2 id="seller-heading">Seller for tax invoices</h2>
      <p className="muted">
        Every tax invoice names the shop by these details, copied into it when it is issued: a change applies to
        invoices issued afterwards. While the TRN is empty no invoice is issued.
      </p>
      {state.alert && (
        <p className="notice notice--error" role="alert">
          {state.alert}
        </p>
      )}
      <DeskForm
        to={routePath("staff-settings-seller")}
        className="staff-action"
        intent="save"
        version={seller.version}
        submit="Save the shop's invoice details"
      >
        {FIELDS.map(({ name, label, ...more }) => (
          <DeskField
            key={name}
            id={`seller-${name}`}
            label={label}
            error={state.errors?.[name]}
            name={name}
            value={values[name]}
            input={more}
            announced
          />
        ))}
      </DeskForm>
    </section>
  );
}
