import { useLanguageStore } from "../i18n/language";
import { useT } from "../i18n/useT";
import { Icon } from "./Icon";

/** The user guide's PDF in the interface language, served by /user-guide/<language>.pdf. */
export function UserGuideLink({ className }: { className: string }) {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const label = t("account.userGuide");
  return (
    <a href={`/user-guide/${language}.pdf`} className={className} download>
      <Icon name="book" size={16} />
      <span className="nav-item__label">{label}</span>
    </a>
  );
}
