import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/useT";
import { usePreload } from "./context";
import { Icon } from "./Icon";
import { Link } from "./Link";
import { SignOutForm } from "./SignOutForm";
import { UserGuideLink } from "./UserGuideLink";

export function ProfileMenu() {
  const t = useT();
  const { user, site } = usePreload();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        setOpen(false);
        // Focus was in the menu, or on the button: it goes back to the button, not to the page.
        if (root.current?.contains(document.activeElement) || document.activeElement === document.body) {
          trigger.current?.focus();
        }
      } else if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  if (!user) {
    return (
      <Link href="/signin" className="button button--ghost">
        {t("account.signIn")}
      </Link>
    );
  }
  return (
    <div className="profile-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="profile-menu__trigger"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">{(user.name || user.email).charAt(0).toUpperCase()}</span>
        {/* The name is the visible email after "Account" (label in name, WCAG 2.5.3). */}
        <span className="sr-only">{t("account.menu")}</span>{" "}
        <span className="profile-menu__email">{user.email}</span>
      </button>
      {open && (
        <div className="profile-menu__panel">
          <p className="profile-menu__who">{user.email}</p>
          <Link href="/profile" className="menu-item">
            <Icon name="user" size={16} />
            {t("account.profile")}
          </Link>
          <UserGuideLink className="menu-item" />
          <SignOutForm action={site.logoutUrl} className="menu-item">{t("account.signOut")}</SignOutForm>
        </div>
      )}
    </div>
  );
}
