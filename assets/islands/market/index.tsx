import { useT } from "../../i18n/useT";
import { FeaturePage } from "../../shell/FeaturePage";
import { mountIsland } from "../../shell/mountIsland";

function MarketInsights() {
  const t = useT();
  return <FeaturePage title="page.market.title" description="page.market.description" empty={t("page.market.empty")} />;
}

mountIsland(MarketInsights);
