import { Icon } from "../../../client/components/icons";
import type { Contacts, PostalAddress } from "../../../shared/types/cms";
import { useTexts } from "../../frame/i18n/texts";

/** The address's lines as the CMS wrote them, in its language: the street, the city, the emirate when it is another word, the postcode. */
function addressLines(address: PostalAddress | null | undefined): string[] {
  if (!address) return [];
  const locality = address.addressLocality?.trim();
  const region = address.addressRegion?.trim();
  return [
    address.streetAddress?.trim(),
    locality,
    region !== locality ? region : null,
    address.postalCode?.trim(),
  ].filter((line): line is string => Boolean(line));
}

/** The shop's phones, e-mail, address, hours and socials, as on /contacts and the request pages. */
export function ContactCard({ contacts }: { contacts: Contacts }) {
  const t = useTexts();
  const phones = [contacts.phone, contacts.phoneSecondary].filter((p): p is string => Boolean(p));
  const socials: [string | null, string][] = [
    [contacts.instagram, "Instagram"],
    [contacts.facebook, "Facebook"],
    [contacts.youtube, "YouTube"],
  ];
  const messengers = [
    { icon: "whatsapp", href: contacts.whatsapp, label: "WhatsApp" },
    { icon: "telegram", href: contacts.telegram, label: "Telegram" },
  ] as const;
  const address = addressLines(contacts.address);
  return (
    <aside className="summary-card contact-card" aria-label={t.m.ui.howToReachUs}>
      <h2>{t.m.ui.reachUs}</h2>
      <ul className="contact-list">
        {phones.map((phone) => (
          <li key={phone}>
            <Icon name="phone" size={18} />{" "}
            <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} dir="ltr">
              {phone}
            </a>
          </li>
        ))}
        <li>
          <Icon name="mail" size={18} />{" "}
          <a href={`mailto:${contacts.email}`} dir="ltr">
            {contacts.email}
          </a>
        </li>
        {messengers.map(
          ({ icon, href, label }) =>
            href && (
              <li key={icon}>
                <Icon name={icon} size={18} />{" "}
                <a href={href} rel="noopener" target="_blank">
                  {label}
                </a>
              </li>
            ),
        )}
      </ul>
      {address.length > 0 && (
        <>
          <h3>{t.m.ui.ourAddress}</h3>
          <address className="contact-address">
            {address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </>
      )}
      <h3>{t.m.ui.openingHours}</h3>
      <p>{t.m.ui.hours}</p>
      <p>
        <a href="https://www.openstreetmap.org/search?query=Dubai%20Hills%20Mall" rel="noopener" target="_blank">
          {t.m.ui.onTheMap}
        </a>
      </p>
      <ul className="contact-list contact-list--inline">
        {socials
          .filter(([href]) => href)
          .map(([href, label]) => (
            <li key={label}>
              <a href={href!} rel="noopener" target="_blank">
                {label}
              </a>
            </li>
          ))}
      </ul>
    </aside>
  );
}
