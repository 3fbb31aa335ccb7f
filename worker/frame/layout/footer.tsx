import { Icon, type IconName } from "../../../client/components/icons";
import { routePath } from "../../../shared/links";
import type { Contacts, LayoutData } from "../../../shared/types/cms";
import { useTexts } from "../i18n/texts";

const socialLinks: { key: keyof Contacts; label: string; icon: IconName }[] = [
  { key: "instagram", label: "Instagram", icon: "instagram" },
  { key: "facebook", label: "Facebook", icon: "facebook" },
  { key: "youtube", label: "YouTube", icon: "youtube" },
  { key: "telegram", label: "Telegram", icon: "telegram" },
  { key: "whatsapp", label: "WhatsApp", icon: "whatsapp" },
];

export function Footer({ layout }: { layout: LayoutData }) {
  const t = useTexts();
  const { contacts, footerMenu } = layout;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__company">{contacts?.company}</p>
          {footerMenu?.slogan && <p className="site-footer__slogan">{footerMenu.slogan}</p>}
          {footerMenu?.button?.text && (
            <a
              className={`button ${footerMenu.button.outlined ? "button--outlined" : ""}`}
              href={footerMenu.button.path ?? routePath("contacts", { hash: "consultation" })}
              data-modal={footerMenu.button.modal ?? undefined}
            >
              {footerMenu.button.text}
            </a>
          )}
        </div>
        {footerMenu?.menu.map((item) => (
          <nav className="site-footer__column" key={item.id} aria-label={item.title}>
            <p className="site-footer__heading">{item.title}</p>
            <ul>
              {item.sublinks.map((link) => (
                <li key={`${link.path}-${link.title}`}>
                  <a href={link.path}>{link.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {contacts && (
          <div className="site-footer__column site-footer__contacts">
            <p className="site-footer__heading">{t.m.layout.contactUs}</p>
            <ul>
              {[contacts.phone, contacts.phoneSecondary].filter(Boolean).map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone!.replace(/[^+\d]/g, "")}`} dir="ltr">
                    {phone}
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${contacts.email}`} dir="ltr">
                  {contacts.email}
                </a>
              </li>
            </ul>
            <ul className="social-links">
              {socialLinks.map(({ key, label, icon }) => {
                const href = contacts[key];
                return typeof href === "string" && href ? (
                  <li key={key}>
                    <a className="icon-button" href={href} rel="noopener" target="_blank">
                      <Icon name={icon} />
                      <span className="visually-hidden">{label}</span>
                    </a>
                  </li>
                ) : null;
              })}
            </ul>
          </div>
        )}
      </div>
      <div className="container site-footer__bottom">
        {footerMenu?.copyrights && <p>{footerMenu.copyrights}</p>}
        {footerMenu?.policyLink && <a href={footerMenu.policyLink}>{t.m.layout.privacyPolicy}</a>}
        <a href={routePath("order-lookup")}>{t.m.orderLookup.link}</a>
      </div>
    </footer>
  );
}
