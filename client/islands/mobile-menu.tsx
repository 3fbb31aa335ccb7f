/**
 * The header's menu drawer for small screens. Server-rendered closed; it wakes
 * on first interaction, so a shopper who never opens it downloads nothing.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import type { MenuItem } from "../../shared/types/cms";
import { Icon } from "../components/icons";

export interface MobileMenuProps extends IslandTexts<"mobileMenu"> {
  menu: MenuItem[];
  phone: string | null;
}

export default function MobileMenu({ menu, phone, texts }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") close();
    }
    document.addEventListener("keydown", onKey);
    document.body.classList.add("no-scroll");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("no-scroll");
    };
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className="mobile-menu">
      <button
        ref={toggleRef}
        type="button"
        className="icon-button mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="menu" />
        <span className="visually-hidden">{texts.menu}</span>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience; Esc and the close button serve keyboards */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div className="mobile-menu__backdrop" hidden={!open} onClick={close} />
      <nav id={drawerId} className="mobile-menu__drawer" aria-label={texts.mainMenu} hidden={!open}>
        <div className="mobile-menu__head">
          <span className="mobile-menu__title">{texts.menu}</span>
          <button ref={closeRef} type="button" className="icon-button" onClick={close}>
            <Icon name="close" />
            <span className="visually-hidden">{texts.closeMenu}</span>
          </button>
        </div>
        <ul className="mobile-menu__list">
          {menu.map((item) => (
            <li key={item.id}>
              <a href={item.path}>{item.title}</a>
              {item.sublinks.length > 0 && (
                <ul>
                  {item.sublinks.slice(0, 8).map((link) => (
                    <li key={`${link.path}-${link.title}`}>
                      <a href={link.path}>{link.title}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        {phone && (
          <a className="mobile-menu__phone" href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
            <Icon name="phone" /> <bdi dir="ltr">{phone}</bdi>
          </a>
        )}
      </nav>
    </div>
  );
}
