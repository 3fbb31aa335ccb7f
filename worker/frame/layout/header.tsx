import { Icon } from "../../../client/components/icons";
import MobileMenu from "../../../client/islands/mobile-menu";
import SearchSuggest from "../../../client/islands/search-suggest";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import type { LayoutData, MenuItem } from "../../../shared/types/cms";
import { useTexts } from "../i18n/texts";
import { Island } from "../islands/island";
import { AccountLink } from "../personal/account-link";
import { CountLink } from "../personal/header-counts";
import type { HeaderCounts, HeaderUser } from "../personal/header-state";
import { LanguageSwitch, type LanguageSwitchProps } from "./language-switch";

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** Sublinks grouped by their mega-menu column, in the order they first appear. */
function groupSublinks(item: MenuItem): [string, MenuItem["sublinks"]][] {
  const groups = new Map<string, MenuItem["sublinks"]>();
  for (const link of item.sublinks) {
    const key = link.group ?? "";
    groups.set(key, [...(groups.get(key) ?? []), link]);
  }
  return [...groups];
}

function MegaMenu({ item }: { item: MenuItem }) {
  return (
    <div className="mega-menu">
      <div className="mega-menu__inner">
        {groupSublinks(item).map(([group, links]) => (
          <div className="mega-menu__group" key={group || "links"}>
            {group && <p className="mega-menu__title">{group}</p>}
            <ul>
              {links.map((link) => (
                <li key={`${link.path}-${link.title}`}>
                  <a href={link.path}>{link.title}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

export function Header({
  layout,
  counts,
  user,
  searchQuery = "",
  languageSwitch,
}: {
  layout: LayoutData;
  counts: HeaderCounts;
  user: HeaderUser | null;
  searchQuery?: string;
  languageSwitch: LanguageSwitchProps | null;
}) {
  const t = useTexts();
  const { contacts, mainMenu, topMenu } = layout;
  const callButton = mainMenu?.button;
  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar__inner">
          {topMenu && topMenu.menu.length > 0 && (
            <nav aria-label={t.m.layout.informationMenu}>
              <ul className="top-bar__menu">
                {topMenu.menu.map((item) => (
                  <li key={item.id}>
                    <a href={item.path}>{item.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="top-bar__contacts">
            {contacts?.phone && (
              <a href={telHref(contacts.phone)}>
                <Icon name="phone" size={16} /> <bdi dir="ltr">{contacts.phone}</bdi>
              </a>
            )}
            {contacts?.whatsapp && (
              <a href={contacts.whatsapp} rel="noopener" target="_blank">
                <Icon name="whatsapp" size={16} /> WhatsApp
              </a>
            )}
            {languageSwitch && <LanguageSwitch {...languageSwitch} />}
          </div>
        </div>
      </div>
      <div className="main-bar">
        <div className="container main-bar__inner">
          {mainMenu && (
            <Island
              name="mobile-menu"
              component={MobileMenu}
              props={{ menu: mainMenu.menu, phone: contacts?.phone ?? null, ...islandTexts(t, "mobileMenu") }}
              wake="interaction"
            />
          )}
          <a
            className="logo"
            href={routePath("index")}
            aria-label={t.fill(t.m.site.homePageLabel, { company: contacts?.company ?? t.m.site.home })}
          >
            {contacts?.logotype ? (
              <img
                src={contacts.logotype.url}
                alt=""
                width={contacts.logotype.width ?? 160}
                height={contacts.logotype.height ?? 40}
              />
            ) : (
              <span className="logo__text">{contacts?.company ?? t.m.site.home}</span>
            )}
          </a>
          {mainMenu && (
            <nav className="main-nav" aria-label={t.m.layout.mainMenu}>
              <ul className="main-nav__list">
                {mainMenu.menu.map((item) => (
                  <li key={item.id} className={item.megaMenu ? "has-mega" : undefined}>
                    <a href={item.path} className="main-nav__link">
                      {item.title}
                      {item.megaMenu && <Icon name="chevron-down" size={14} />}
                    </a>
                    {item.megaMenu && item.sublinks.length > 0 && <MegaMenu item={item} />}
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <Island
            name="search-suggest"
            component={SearchSuggest}
            wake="interaction"
            props={{ query: searchQuery, ...islandTexts(t, "searchSuggest") }}
          />
          <div className="header-actions">
            <CountLink kind="favourites" count={counts.favourites} />
            <CountLink kind="bag" count={counts.bag} />
            <AccountLink name={user?.name ?? null} />
            {callButton?.text && (
              <a
                className="button button--small header-call"
                href={routePath("contacts", { hash: "callback" })}
                data-modal={callButton.modal ?? undefined}
              >
                <Icon name="phone" size={16} />
                <span>{callButton.text}</span>
              </a>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
