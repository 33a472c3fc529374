import { useCallback } from "react";
import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { EmptyState, PageHeader } from "../../shell/PageHeader";
import { MyVerificationDrawer, useMyVerificationOpen } from "./MyVerificationDrawer";
import { ProgressModal } from "./ProgressModal";
import { ResultPage } from "./ResultPage";
import { SearchPanel } from "./SearchPanel";

function Pages() {
  const t = useT();
  const { page, data } = usePreload();
  if (page === "verification-detail") {
    const id = Number(data.companyId);
    if (Number.isInteger(id) && id > 0) return <ResultPage companyId={id} />;
    return (
      <>
        <PageHeader title={t("page.verificationDetail.title")} back={{ href: "/lead-verification", label: t("page.verificationDetail.back") }} />
        <EmptyState title={t("verification.result.notVerified")} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t("page.verification.title")} description={t("page.verification.description")} />
      <SearchPanel />
    </>
  );
}

/** Lead verification (spec §2): search, verify, follow the progress, read the results. */
export function VerificationPage() {
  const t = useT();
  const [mineOpen, setMineOpen] = useMyVerificationOpen();
  const close = useCallback(() => setMineOpen(false), [setMineOpen]);
  return (
    <>
      <div className="verification-toolbar">
        <button type="button" className="button button--secondary button--small" onClick={() => setMineOpen(true)}>
          {t("verification.mine.open")}
        </button>
      </div>
      <Pages />
      <ProgressModal />
      {mineOpen && <MyVerificationDrawer onClose={close} />}
    </>
  );
}
