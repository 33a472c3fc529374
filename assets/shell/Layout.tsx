import { useState, type ReactNode } from "react";
import { useT } from "../i18n/useT";
import { usePreload } from "./context";
import { Icon } from "./Icon";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { ProfileMenu } from "./ProfileMenu";
import { Sidebar } from "./Sidebar";

/** The workspace frame: sidebar, top bar and the page. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const { path } = usePreload();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="app">
      <Sidebar path={path} open={menuOpen} />
      {menuOpen && <div className="scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="app__main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label={t("nav.openMenu")}
            aria-controls="sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name="menu" />
          </button>
          <div className="topbar__spacer" />
          <LanguageSwitcher />
          <ProfileMenu />
        </header>
        <main className="content">{children}</main>
      </div>
    </div>
  );
}

/** The frame of public pages: a centered card, no sidebar. */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="plain">
      <div className="plain__top">
        <LanguageSwitcher />
      </div>
      <main className="plain__main">{children}</main>
    </div>
  );
}
