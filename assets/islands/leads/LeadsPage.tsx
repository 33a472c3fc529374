import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { FeaturePage } from "../../shell/FeaturePage";
import { Link } from "../../shell/Link";

function SearchTabs({ current }: { current: "lead" | "company" }) {
  const t = useT();
  return (
    <nav className="tabs">
      <Link href="/find-global-lead" className="tab" aria-current={current === "lead" ? "page" : undefined}>
        {t("page.tabs.leads")}
      </Link>
      <Link href="/find-global-company" className="tab" aria-current={current === "company" ? "page" : undefined}>
        {t("page.tabs.companies")}
      </Link>
    </nav>
  );
}

export function LeadsPage() {
  const t = useT();
  const { page, data } = usePreload();
  if (page === "company-detail") {
    return (
      <FeaturePage
        title="page.companyDetail.title"
        back={{ href: "/find-global-company", label: "page.companyDetail.back" }}
        empty={t("page.companyDetail.empty", { id: data.companyId ?? "" })}
      />
    );
  }
  const lead = page === "find-global-lead";
  return (
    <FeaturePage
      title={lead ? "page.findLead.title" : "page.findCompany.title"}
      description={lead ? "page.findLead.description" : "page.findCompany.description"}
      empty={t(lead ? "page.findLead.empty" : "page.findCompany.empty")}
    >
      <SearchTabs current={lead ? "lead" : "company"} />
    </FeaturePage>
  );
}
