import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import useSWR from "swr";
import { useRefreshProfile } from "../../api/billing";
import { countryName, partyPath, type Country, type PartyProfile } from "../../api/market";
import { fetchData } from "../../api/swr";
import { DataTable, type Column } from "../../components/DataTable";
import { Drawer } from "../../components/Drawer";
import { formatMonth, formatShipmentDate, formatUsd, formatWeight } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";
import { PartyButton } from "./PartyButton";

export interface OpenParty {
  id: number;
  name: string;
}

interface Props {
  party: OpenParty;
  countries: Country[] | undefined;
  onOpen: (partyId: number, name: string) => void;
  onClose: () => void;
}

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <section className="party-profile__section">
      <h3 className="party-profile__heading">{t(title)}</h3>
      {children}
    </section>
  );
}

function Profile({ profile, countries, onOpen }: { profile: PartyProfile; countries: Country[] | undefined; onOpen: Props["onOpen"] }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const usd = (value: number) => formatUsd(value, language, true);
  const weight = (value: number) => formatWeight(t, intl, value);
  const date = (value: string | null) => (value ? formatShipmentDate(value, language) : "—");
  const figures: [MessageKey, string][] = [
    ["market.profile.shipments", intl.formatNumber(profile.shipments)],
    ["market.profile.value", usd(profile.valueUsd)],
    ["market.profile.weight", weight(profile.netWeightKg)],
    ["market.profile.asImporter", intl.formatNumber(profile.asImporter)],
    ["market.profile.asExporter", intl.formatNumber(profile.asExporter)],
    ["market.profile.first", date(profile.firstDate)],
    ["market.profile.last", date(profile.lastDate)],
  ];
  const money = { usd, weight };
  const price = (value: number | null) =>
    value === null ? "—" : t("market.unit.perKg", { price: formatUsd(value, language) });
  return (
    <div className="party-profile">
      <dl className="party-profile__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Section title="market.profile.products">
        <FiguresTable
          rows={profile.products}
          rowKey={(row) => row.hsCode}
          format={money}
          lead={[
            { key: "code", label: t("market.table.hsCode"), cell: (row) => row.hsCode },
            { key: "product", label: t("market.profile.product"), cell: (row) => row.descriptions[language] },
          ]}
          trail={[{ key: "price", label: t("market.profile.medianPrice"), cell: (row) => price(row.medianPricePerKg), numeric: true }]}
        />
      </Section>
      <Section title="market.profile.counterparties">
        <FiguresTable
          rows={profile.counterparties}
          rowKey={(row) => row.partyId}
          format={money}
          lead={[
            {
              key: "name",
              label: t("market.rankings.name"),
              cell: (row) => (
                <>
                  <PartyButton id={row.partyId} name={row.name} onOpen={onOpen} />
                  <span className="data-table__detail">{countryName(countries, row.country, language)}</span>
                </>
              ),
            },
          ]}
          trail={[{ key: "last", label: t("market.rankings.lastShipment"), cell: (row) => date(row.lastDate), nowrap: true }]}
        />
      </Section>
      <Section title="market.profile.countries">
        <FiguresTable
          rows={profile.partnerCountries}
          rowKey={(row) => row.country}
          format={money}
          lead={[{ key: "country", label: t("market.profile.country"), cell: (row) => countryName(countries, row.country, language) }]}
        />
      </Section>
      <Section title="market.profile.months">
        <FiguresTable
          rows={[...profile.months].reverse()}
          rowKey={(row) => row.month}
          format={money}
          lead={[{ key: "month", label: t("market.chart.month"), cell: (row) => formatMonth(row.month, language) }]}
        />
      </Section>
    </div>
  );
}

interface Figures {
  shipments: number;
  valueUsd: number;
  netWeightKg: number;
}

/** A profile table: the row's own columns, its shipments, value and weight, then any more. */
function FiguresTable<Row extends Figures>({
  rows,
  rowKey,
  format,
  lead,
  trail = [],
}: {
  rows: Row[];
  rowKey: (row: Row) => string | number;
  format: { usd: (value: number) => string; weight: (value: number) => string };
  lead: Column<Row>[];
  trail?: Column<Row>[];
}) {
  const t = useT();
  const intl = useIntl();
  const columns: Column<Row>[] = [
    ...lead,
    { key: "shipments", label: t("market.profile.shipments"), cell: (row) => intl.formatNumber(row.shipments), numeric: true },
    { key: "value", label: t("market.profile.value"), cell: (row) => format.usd(row.valueUsd), numeric: true },
    { key: "weight", label: t("market.profile.weight"), cell: (row) => format.weight(row.netWeightKg), numeric: true },
    ...trail,
  ];
  return <DataTable columns={columns} rows={rows} rowKey={rowKey} />;
}

/** An importer's or exporter's trade profile over all the data, in a drawer over the page. */
export function PartyDrawer({ party, countries, onOpen, onClose }: Props) {
  const t = useT();
  const language = useLanguage();
  const refreshProfile = useRefreshProfile();
  // Opening a profile counts as a query of the day: the counters follow it.
  const { data, error, isLoading } = useSWR<PartyProfile, unknown>(partyPath(party.id), fetchData<PartyProfile>, {
    onSuccess: () => void refreshProfile(),
  });
  const description = data
    ? t("market.profile.description", { country: countryName(countries, data.country, language) })
    : t("market.profile.loading");
  return (
    <Drawer title={data?.name ?? party.name} description={description} onClose={onClose}>
      {data ? (
        <Profile profile={data} countries={countries} onOpen={onOpen} />
      ) : isLoading ? (
        <Skeleton />
      ) : error ? (
        <p className="form-alert" role="alert">
          {t("market.profile.error")}
        </p>
      ) : null}
    </Drawer>
  );
}
