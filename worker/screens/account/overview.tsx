import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../../platform/app-env";
import { displayName } from "../../platform/session/session";
import { avatarUrl, findAvatar } from "../../platform/stores/avatar-store";
import { noticeFrom, renderAccountPage } from "./account-render";
import { FormAlert } from "./account-ui";

function addressLines(user: SessionUser): string[] {
  return [user.address, [user.postcode, user.city].filter(Boolean).join(" "), user.country].filter(
    (line): line is string => !!line,
  );
}

const LINKS = [
  { href: "/user/orders", title: "My orders", text: "Follow deliveries and see what you bought before." },
  { href: "/user/edit", title: "Profile", text: "Your name, phone, delivery address and photo." },
  { href: "/user/password", title: "Password", text: "Change the password you sign in with." },
  { href: "/favorites", title: "Favourites", text: "Products you saved for later." },
];

export async function overviewPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect("/user/login?redirect=%2Fuser", 302);
  const avatar = await findAvatar(c.env.DB, user.id);
  const notice = noticeFrom(c);
  const name = displayName(user);
  const address = addressLines(user);
  return renderAccountPage(c, {
    title: "My account",
    description: "Your account.",
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
            <p className="account-hero__eyebrow">My account</p>
            <h1 className="account-hero__title">{`Hello, ${name}`}</h1>
          </div>
        </header>
        <div className="account-grid">
          <section className="account-card" aria-labelledby="account-details">
            <h2 id="account-details" className="account-card__title">
              Your details
            </h2>
            <dl className="account-details">
              <div>
                <dt>Name</dt>
                <dd>{[user.firstName, user.lastName].filter(Boolean).join(" ") || "Not given yet"}</dd>
              </div>
              <div>
                <dt>Username</dt>
                <dd>{user.username}</dd>
              </div>
              <div>
                <dt>E-mail</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{user.phone ?? "Not given yet"}</dd>
              </div>
              <div>
                <dt>Delivery address</dt>
                <dd>{address.length ? address.map((line) => <span key={line}>{line}</span>) : "Not given yet"}</dd>
              </div>
            </dl>
            <a className="button button--outlined button--small" href="/user/edit">
              Edit profile
            </a>
          </section>
          <nav className="account-links" aria-label="Account">
            <ul>
              {LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>
                    <span className="account-links__title">{link.title}</span>
                    <span className="account-links__text">{link.text}</span>
                  </a>
                </li>
              ))}
            </ul>
            <form method="post" action="/user/logout" className="account-signout">
              <button type="submit" className="button button--outlined">
                Sign out
              </button>
            </form>
          </nav>
        </div>
      </section>
    ),
  });
}
