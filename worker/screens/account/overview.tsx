import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { textsOf } from "../../frame/i18n/texts";
import { avatarUrl, findAvatar } from "../../platform/accounts/avatar-store";
import type { AppEnv, SessionUser } from "../../platform/app-env";
import { displayName } from "../../platform/session/session";
import { noticeFrom, renderAccountPage } from "./account-render";
import { FormAlert } from "./account-ui";

function addressLines(user: SessionUser): string[] {
  return [user.address, [user.postcode, user.city].filter(Boolean).join(" "), user.country].filter(
    (line): line is string => !!line,
  );
}

/** The account's other screens, each with the catalogue's name and line for it (`account.links`). */
const LINKS = [
  { href: routePath("user-orders"), key: "orders" },
  { href: routePath("user-edit"), key: "profile" },
  { href: routePath("user-password"), key: "password" },
  { href: routePath("favorites"), key: "favourites" },
] as const;

export async function overviewPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect(routePath("user-login", { query: { redirect: routePath("user") } }), 302);
  const avatar = await findAvatar(c.env.DB, user.id);
  const notice = noticeFrom(c);
  const name = displayName(user);
  const address = addressLines(user);
  const t = textsOf(c);
  const a = t.m.account;
  return renderAccountPage(c, {
    title: a.myAccount,
    description: a.overviewDescription,
    body: (
      <section className="container account-screen">
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        <header className="account-hero">
          {avatar ? (
            <img className="account-avatar" src={avatarUrl(avatar.object_key)} alt="" width={72} height={72} />
          ) : (
            <span className="account-avatar account-avatar--initial" aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <p className="account-hero__eyebrow">{a.myAccount}</p>
            <h1 className="account-hero__title">{t.fill(a.hello, { name })}</h1>
          </div>
        </header>
        <div className="account-grid">
          <section className="account-card" aria-labelledby="account-details">
            <h2 id="account-details" className="account-card__title">
              {a.yourDetails}
            </h2>
            <dl className="account-details">
              <div>
                <dt>{a.name}</dt>
                <dd>{[user.firstName, user.lastName].filter(Boolean).join(" ") || a.notGiven}</dd>
              </div>
              <div>
                <dt>{a.username}</dt>
                <dd>{user.username}</dd>
              </div>
              <div>
                <dt>{a.email}</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>{a.phone}</dt>
                <dd>{user.phone ?? a.notGiven}</dd>
              </div>
              <div>
                <dt>{a.deliveryAddress}</dt>
                <dd>{address.length ? address.map((line) => <span key={line}>{line}</span>) : a.notGiven}</dd>
              </div>
            </dl>
            <a className="button button--outlined button--small" href={routePath("user-edit")}>
              {a.editProfile}
            </a>
          </section>
          <nav className="account-links" aria-label={a.accountLinks}>
            <ul>
              {LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>
                    <span className="account-links__title">{a.links[link.key]}</span>
                    <span className="account-links__text">{a.links[`${link.key}Text`]}</span>
                  </a>
                </li>
              ))}
            </ul>
            <form method="post" action={routePath("user-logout")} className="account-signout">
              <button type="submit" className="button button--outlined">
                {a.signOut}
              </button>
            </form>
          </nav>
        </div>
      </section>
    ),
  });
}
