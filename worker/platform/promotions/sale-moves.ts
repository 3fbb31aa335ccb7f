import type { Promotion } from "../../../shared/promotions/promotion";
import { isSale } from "../../../shared/promotions/sale-price";
import { SALE_ALL_TAG, saleTag } from "../caches/sale-tags";
import { bumpStockVersion, bumpTags } from "../caches/versions";
import { log } from "../log/log";

/**
 * What follows a desk change of a sale (added, paused, resumed: decision 0120): the kept pages that show
 * what it is on are made again (their sale tags move on, platform/caches/sale-tags.ts), the others stay.
 * A variant's sale moves its product's tag (the product found by the SKU's stock row); a SKU the shop
 * does not count names no product, so every page is made again (the stock version, which all note).
 * Called after the write committed: a failure is logged, never answered as an error.
 */
export async function afterSaleChange(env: Env, promotion: Promotion): Promise<void> {
  if (!isSale(promotion)) return;
  try {
    const { kind, values } = promotion.target;
    if (kind === "variant") {
      const { results } = await env.DB.prepare(
        "SELECT sku, product_slug FROM stock_levels WHERE sku IN (SELECT value FROM json_each(?1))",
      )
        .bind(JSON.stringify(values))
        .all<{ sku: string; product_slug: string }>();
      if (results.length < new Set(values).size) return await bumpStockVersion(env.CMS_CACHE);
      await bumpTags(env.CMS_CACHE, [SALE_ALL_TAG, ...results.map((r) => saleTag("product", r.product_slug))]);
      return;
    }
    if (kind === "order") return;
    await bumpTags(env.CMS_CACHE, [SALE_ALL_TAG, ...values.map((v) => saleTag(kind, v))]);
  } catch (error) {
    log.error("After a sale changed", { error });
  }
}
