import { expect } from "vitest";
import type { ShopJar } from "./shop-jar";

/* The desk's part in a tax invoice against a real Strapi (decision 0116), for the VAT register's case (decision 0121). */

/** The version a desk form carries, from the first form after `after` on the page. */
function versionAfter(html: string, after: string): string {
  const version = html.split(after)[1]?.match(/name="version" value="(\d+)"/)?.[1];
  expect(version, `the version of the form after ${after}`).toBeDefined();
  return version as string;
}

/**
 * The seller's details as staff set them on the desk (decision 0133: the shop's records, not the CMS's);
 * none of them is in Strapi's content, so an invoice that shows them took them from the desk.
 */
export const DESK_SELLER = {
  legalNameEn: "Noor Beauty Trading LLC",
  legalNameAr: "نور بيوتي للتجارة ذ.م.م",
  address: "Office 1204, Al Wasl Tower, Sheikh Zayed Road, Dubai",
  trn: "100 2345 6789 0003",
  /** The TRN as the invoice prints it: its 15 digits. */
  printed: "100234567890003",
};

/**
 * Staff save the shop's invoice details (decision 0116), ship the confirmed cash order and mark it delivered:
 * its tax invoice is issued in that batch.
 */
export async function deliveredWithInvoice(jar: ShopJar, number: string): Promise<void> {
  const settings = await (await jar.send("/staff/settings")).text();
  const { printed: _, ...seller } = DESK_SELLER;
  const saved = await jar.send("/staff/settings/seller", {
    action: "save",
    version: versionAfter(settings, 'action="/staff/settings/seller"'),
    ...seller,
  });
  expect(saved.status).toBe(303);
  for (const step of [
    { action: "ship", carrier: "aramex", trackingNumber: "AX123456789" },
    { action: "deliver" },
  ] as Record<string, string>[]) {
    const page = await (await jar.send(`/staff/orders/${number}`)).text();
    const version = versionAfter(page, `action="/staff/orders/${number}"`);
    expect((await jar.send(`/staff/orders/${number}`, { ...step, version })).status).toBe(303);
  }
  expect(await (await jar.send(`/staff/orders/${number}`)).text()).toMatch(/INV-\d{6}/);
}
