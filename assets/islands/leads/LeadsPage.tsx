import { useCallback } from "react";
import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { Link } from "../../shell/Link";
import { PageHeader } from "../../shell/PageHeader";
import { CompanyDetailPage } from "./CompanyDetailPage";
import { CompanySearch } from "./CompanySearch";
import { LeadSearch } from "./LeadSearch";
import { MyLeadsDrawer, useMyLeadsOpen } from "./MyLeadsDrawer";

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

function Pages() {
  const t = useT();
  const { page, data } = usePreload();
  if (page === "company-detail") {
    const id = Number(data.companyId);
    return <CompanyDetailPage companyId={Number.isInteger(id) && id > 0 ? id : null} />;
  }
  const lead = page === "find-global-lead";
  return (
    <>
      <PageHeader
        title={t(lead ? "page.findLead.title" : "page.findCompany.title")}
        description={t(lead ? "page.findLead.description" : "page.findCompany.description")}
      >
        <SearchTabs current={lead ? "lead" : "company"} />
      </PageHeader>
      {lead ? <LeadSearch /> : <CompanySearch />}
    </>
  );
}

/** Find global buyers (spec §2): companies, their people, and the user's revealed leads. */
export function LeadsPage() {
  const t = useT();
  const [myLeadsOpen, setMyLeadsOpen] = useMyLeadsOpen();
  const close = useCallback(() => setMyLeadsOpen(false), [setMyLeadsOpen]);
  return (
    <>
      <div className="leads-toolbar">
        <button type="button" className="button button--secondary button--small" onClick={() => setMyLeadsOpen(true)}>
          {t("leads.mine.open")}
        </button>
      </div>
      <Pages />
      {myLeadsOpen && <MyLeadsDrawer onClose={close} />}
    </>
  );
}
