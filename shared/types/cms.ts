/**
 * CMS records as the storefront uses them (spec sections 3 and 7), after the
 * Strapi v4 envelope (`data { id attributes }`) has been unwrapped by the CMS client.
 */
export interface Media {
  url: string;
  alternativeText: string | null;
  width: number | null;
  height: number | null;
}

export interface Button {
  id: string;
  classes: string | null;
  color: string | null;
  iconClass: string | null;
  modal: string | null;
  outlined: boolean | null;
  path: string | null;
  size: string | null;
  text: string | null;
  window: string | null;
}

export interface Sublink {
  class: string | null;
  title: string;
  active: boolean | null;
  path: string;
  /** Only in the main menu: the mega-menu column the link belongs to. */
  group?: string | null;
}

export interface MenuItem {
  id: string;
  parent: string | null;
  title: string;
  path: string;
  megaMenu: boolean | null;
  class: string | null;
  sublinks: Sublink[];
}

export interface Contacts {
  company: string;
  email: string;
  phone: string;
  /** Expected by the store, not requested by contactsQuery (spec section 3). */
  phoneSecondary: string | null;
  logotype: Media | null;
  icon: Media | null;
  receiver: string | null;
  whatsapp: string | null;
  telegram: string | null;
  vk: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  /**
   * The shop's postal address, in the record's language (decision 0134). Optional: absent from a
   * contacts record cached in KV before the field existed, null while the CMS has none.
   */
  address?: PostalAddress | null;
}

/** The contacts' address (the CMS component shared.postal-address); every part may be empty. */
export interface PostalAddress {
  streetAddress: string | null;
  addressLocality: string | null;
  addressRegion: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string | null;
}

export interface MainMenu {
  id: string;
  menu: MenuItem[];
  button: Button | null;
}

export interface FooterMenu {
  slogan: string | null;
  copyrights: string | null;
  policyLink: string | null;
  menu: MenuItem[];
  button: Button | null;
}

export interface TopMenu {
  menu: MenuItem[];
}

/** Everything the default layout shows around a page. Any piece may be missing (spec section 8). */
export interface LayoutData {
  contacts: Contacts | null;
  mainMenu: MainMenu | null;
  footerMenu: FooterMenu | null;
  topMenu: TopMenu | null;
}
