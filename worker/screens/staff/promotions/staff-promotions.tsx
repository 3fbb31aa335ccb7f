import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import { formatAed } from "../../../../shared/money";
import type { AppEnv } from "../../../platform/app-env";
import { addPromotion, listDeskPromotions } from "../../../platform/promotions/promotion-desk-store";
import { afterSaleChange } from "../../../platform/promotions/sale-moves";
import { type DeskState, listAction } from "../desk/desk-action";
import { renderStaffList, StaffTable } from "../desk/staff-list";
import { type DraftErrors, readDraft } from "./promotion-draft";
import { PromotionFields } from "./promotion-fields";
import { givesWords, stackingWords, targetWords, whenWords } from "./promotion-words";

/**
 * `/staff/promotions`: every promotion with its uses, the discount it gave and its orders' revenue,
 * how it stacks written beside it, and a form to add one (docs/promotions.md).
 */
export interface PromotionFormState extends DeskState {
  values?: Record<string, string>;
  errors?: DraftErrors;
}

export async function renderPromotions(
  c: Context<AppEnv>,
  state: PromotionFormState = {},
  status: 200 | 409 | 422 = 200,
) {
  const promotions = await listDeskPromotions(c.env.DB);
  return renderStaffList(
    c,
    {
      title: "Promotions · Staff",
      section: "promotions",
      alert: state.alert,
      body: (
        <>
          <h1>Promotions</h1>
          <p className="lead">
            Promotions apply by priority, highest first, each on what the ones before it left. One that is not
            combinable applies only alone.
          </p>
          {promotions.length === 0 ? (
            <p>No promotions yet.</p>
          ) : (
            <StaffTable
              label="Promotions"
              caption="Every promotion, by priority"
              className="staff-promotions"
              columns={[
                "Promotion",
                "Gives",
                "When",
                { label: "Uses", num: true },
                { label: "Given", num: true },
                { label: "Revenue", num: true },
              ]}
            >
              {promotions.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <a href={routePath("staff-promotion", { id: p.id })}>{`${p.name}${p.paused ? " (paused)" : ""}`}</a>
                    {p.nameAr && (
                      <span className="staff-table__sub staff-promotions__name-ar">
                        <bdi lang="ar" dir="rtl">
                          {p.nameAr}
                        </bdi>
                      </span>
                    )}
                    <span className="staff-table__sub">{stackingWords(p)}</span>
                  </th>
                  <td>
                    {givesWords(p)} · {targetWords(p)}
                  </td>
                  <td>{whenWords(p)}</td>
                  <td className="staff-table__num">{p.usesMax !== null ? `${p.uses} of ${p.usesMax}` : p.uses}</td>
                  <td className="staff-table__num">{formatAed(p.given)}</td>
                  <td className="staff-table__num">{formatAed(p.revenue)}</td>
                </tr>
              ))}
            </StaffTable>
          )}
          <form method="post" action={routePath("staff-promotions")} className="staff-promotions-add" noValidate>
            <h2>Add a promotion</h2>
            <PromotionFields
              values={state.values ?? { combinable: "yes", priority: "0" }}
              errors={state.errors ?? {}}
            />
            <button type="submit" className="button">
              Add promotion
            </button>
          </form>
        </>
      ),
    },
    status,
  );
}

export async function promotionsPage(c: Context<AppEnv>): Promise<Response> {
  return renderPromotions(c);
}

export const postPromotion = listAction<PromotionFormState>(renderPromotions, async ({ c, form, actor }) => {
  const draft = readDraft(form);
  if (!draft.ok) return { again: { values: form, errors: draft.errors }, status: 422 };
  const added = await addPromotion(c.env.DB, draft.promotion, draft.code, actor);
  if (!added.ok)
    return {
      again: { values: form, errors: { code: `The code ${draft.code} is taken by another promotion.` } },
      status: 409,
    };
  // A sale shows on the catalogue: the kept pages of what it is on are made again (decision 0120).
  await afterSaleChange(c.env, { ...draft.promotion, id: added.id, paused: false });
  const text = `Promotion “${draft.promotion.name}” added.`;
  return { done: { kind: "success", text }, to: routePath("staff-promotion", { id: added.id }) };
});
