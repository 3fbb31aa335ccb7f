import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Messages } from "../../shared/i18n/messages-type";
import { loaded } from "./harness";

/** A page's words, as a shopper in either language reads them. */
type Words = Messages;

/** The first amount in a text ("AED 1,234.50", "1,234.50 د.إ."), as a number. */
export const amount = (text: string) => Number((text.match(/[\d,]+\.\d{2}/)?.[0] ?? "NaN").replaceAll(",", ""));

/** The one total the page's style shows inside `scope` (the checkout draws one per choice). */
export async function visibleTotal(page: Page, scope: string): Promise<number> {
  const shown: number[] = [];
  for (const total of await page.locator(`${scope} .totals__total dd`).all())
    if (await total.isVisible()) shown.push(amount(await total.innerText()));
  expect(shown, "one total is shown").toHaveLength(1);
  return shown[0]!;
}

/**
 * Adds the first product of a category that can go straight into the bag, as a shopper taps it, and
 * waits for the shop's answer: with JavaScript the card's island says it is in the bag, without it
 * the form's post comes back as a page with the message.
 */
export async function addFirstFromCategory(page: Page, categoryPath: string, m: Words): Promise<void> {
  await page.goto(categoryPath);
  const add = new RegExp(`^${m.product.addToBag}`);
  await page
    .locator(".product-card", { has: page.getByRole("button", { name: add }) })
    .first()
    .getByRole("button", { name: add })
    .click();
  await page.locator(".add-to-bag__status--done, .notice--success").first().waitFor();
  await loaded(page);
}

/** The checkout's "Place order · AED …" button. */
export function placeOrderButton(page: Page, m: Words) {
  return page.getByRole("button", { name: new RegExp(`^${m.checkout.placeOrder.split("·")[0]!.trim()}`) });
}

/** The contact fields a shopper fills in at the checkout, under an e-mail address of its own. */
export async function fillContact(page: Page, m: Words, emailPrefix: string): Promise<void> {
  const labels = m.checkout.labels;
  await page.getByLabel(labels.firstName, { exact: false }).first().fill("Mariam");
  await page.getByLabel(labels.lastName, { exact: false }).first().fill("Al Suwaidi");
  await page
    .getByLabel(labels.email, { exact: false })
    .first()
    .fill(`${emailPrefix}.${crypto.randomUUID().slice(0, 8)}@example.ae`);
  await page.getByLabel(labels.phone, { exact: false }).first().fill("050 123 4567");
}
