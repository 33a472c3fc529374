import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { FeaturePage } from "../../shell/FeaturePage";

export function VerificationPage() {
  const t = useT();
  const { page, data } = usePreload();
  if (page === "verification-detail") {
    return (
      <FeaturePage
        title="page.verificationDetail.title"
        back={{ href: "/lead-verification", label: "page.verificationDetail.back" }}
        empty={t("page.verificationDetail.empty", { id: data.companyId ?? "" })}
      />
    );
  }
  return (
    <FeaturePage
      title="page.verification.title"
      description="page.verification.description"
      empty={t("page.verification.empty")}
    />
  );
}
