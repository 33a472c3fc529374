import { memo } from "react";
import { useIntl } from "react-intl";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { PanelError } from "../../components/PanelError";
import { Skeleton } from "../../shell/Skeleton";
import { formatUsd, formatWeight } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { isFetching, useDeferredData, useStatistics } from "./useMarketSearch";

/** The dashboard figures of the search. */
export const Dashboard = memo(function Dashboard({ query }: { query: string }) {
  const t = useT();
  const answer = useStatistics(query);
  const { shown: statistics, pending } = useDeferredData(answer.data);
  const intl = useIntl();
  const language = useLanguage();
  if (!statistics) {
    if (answer.error !== undefined) {
      return (
        <section className="card" aria-label={t("market.stats.title")}>
          <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />
        </section>
      );
    }
    return pending || isFetching(answer) ? (
      <section className="card">
        <Skeleton />
      </section>
    ) : null;
  }
  const figures: [MessageKey, string][] = [
    ["market.stats.shipments", intl.formatNumber(statistics.shipments)],
    ["market.stats.value", formatUsd(statistics.totalValueUsd, language, true)],
    ["market.stats.weight", formatWeight(t, intl, statistics.totalWeightKg)],
    ["market.stats.importers", intl.formatNumber(statistics.importers)],
    ["market.stats.exporters", intl.formatNumber(statistics.exporters)],
    [
      "market.stats.avgPrice",
      statistics.avgPricePerKg === null || statistics.avgPricePerKg === undefined
        ? "—"
        : t("market.unit.perKg", { price: formatUsd(statistics.avgPricePerKg, language) }),
    ],
  ];
  return (
    <section className="market-stats" aria-label={t("market.stats.title")}>
      <dl className="market-stats__grid">
        {figures.map(([label, value]) => (
          <div key={label} className="card market-stats__figure">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
