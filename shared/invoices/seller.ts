import { readTrn } from "./trn";

/**
 * The shop as a tax invoice names it (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * its legal name in English and in Arabic, its address and its TRN, set on the desk's settings
 * (shop_settings, key `seller`) and copied into each invoice when it is issued.
 */
export interface Seller {
  legalNameEn: string;
  legalNameAr: string;
  address: string;
  trn: string;
}

export interface SellerSettings extends Seller {
  /** Counts every save: the desk refuses one made from an older copy. */
  version: number;
}

export const NO_SELLER: SellerSettings = { legalNameEn: "", legalNameAr: "", address: "", trn: "", version: 0 };

/** The seller's settings from their JSON (shop_settings.value); anything missing is empty. */
export function sellerOf(json: string | null, version: number): SellerSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const text = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : "");
  return {
    legalNameEn: text("legalNameEn"),
    legalNameAr: text("legalNameAr"),
    address: text("address"),
    trn: readTrn(text("trn")) ?? "",
    version,
  };
}

/** Whether an invoice can name the seller: every field set (an invoice without them could not be filed). */
export function sellerComplete(seller: Seller): boolean {
  return Boolean(seller.legalNameEn && seller.legalNameAr && seller.address && readTrn(seller.trn));
}
