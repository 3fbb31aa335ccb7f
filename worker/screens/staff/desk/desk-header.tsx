import { routePath } from "../../../../shared/links";

/**
 * The desk's own frame (the desk is not the shop): one compact bar with the desk's name, the way to
 * the shop and who is signed in, and a sign-out. No search, bag, favourites or call-back, so a
 * desk page's work starts on a phone's first screen.
 */
export function DeskHeader({ staffName }: { staffName: string }) {
  return (
    <header className="desk-header">
      <div className="container desk-header__inner">
        <a className="desk-header__title" href={routePath("staff")}>
          Staff desk
        </a>
        <a className="desk-header__shop" href={routePath("index")}>
          View the shop
        </a>
        <form method="post" action={routePath("user-logout")} className="desk-header__account">
          <span className="desk-header__name">{staffName}</span>
          <button type="submit" className="button button--small button--outlined">
            Sign out
          </button>
        </form>
      </div>
    </header>
  );
}
