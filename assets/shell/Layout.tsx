import { useState, type ReactNode } from "react";
import { PricingDialogHost } from "../components/PricingDialog";
import { useT } from "../i18n/useT";
import { ConnectionNotice } from "./ConnectionNotice";
import { usePreload } from "./context";
import { Icon } from "./Icon";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { ProfileMenu } from "./ProfileMenu";
import { useSessionMonitor } from "./sessionMonitor";
import { Sidebar } from "./Sidebar";
import { UsageSummary } from "./UsageSummary";

/**
 * The workspace frame: sidebar, top bar and the page; for a signed-in user also the usage
 * figures, the pricing dialogs and the session renewal.
 */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const { path, user } = usePreload();
  const [menuOpen, setMenuOpen] = useState(false);
  useSessionMonitor(user !== null);
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        {t("nav.skipToContent")}
      </a>
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
          {user && <UsageSummary />}
          <LanguageSwitcher />
          <ProfileMenu />
        </header>
        <main id="main-content" className="content" tabIndex={-1}>
          <ConnectionNotice />
          {children}
        </main>
      </div>
      {user && <PricingDialogHost />}
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
