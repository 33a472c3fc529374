import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import useSWR from "swr";
import { useRefreshProfile } from "../../api/billing";
import { countryName, partyPath, type Country, type PartyProfile } from "../../api/market";
import { fetchData } from "../../api/swr";
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
      <div className="table-scroll">{children}</div>
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
            ["market.table.hsCode", (row) => row.hsCode],
            ["market.profile.product", (row) => row.descriptions[language]],
          ]}
          trail={[["market.profile.medianPrice", (row) => price(row.medianPricePerKg), "data-table__number"]]}
        />
      </Section>
      <Section title="market.profile.counterparties">
        <FiguresTable
          rows={profile.counterparties}
          rowKey={(row) => row.partyId}
          format={money}
          lead={[
            [
              "market.rankings.name",
              (row) => (
                <>
                  <PartyButton id={row.partyId} name={row.name} onOpen={onOpen} />
                  <span className="data-table__detail">{countryName(countries, row.country, language)}</span>
                </>
              ),
            ],
          ]}
          trail={[["market.rankings.lastShipment", (row) => date(row.lastDate), "data-table__nowrap"]]}
        />
      </Section>
      <Section title="market.profile.countries">
        <FiguresTable
          rows={profile.partnerCountries}
          rowKey={(row) => row.country}
          format={money}
          lead={[["market.profile.country", (row) => countryName(countries, row.country, language)]]}
        />
      </Section>
      <Section title="market.profile.months">
        <FiguresTable
          rows={[...profile.months].reverse()}
          rowKey={(row) => row.month}
          format={money}
          lead={[["market.chart.month", (row) => formatMonth(row.month, language)]]}
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

/** A column: its heading, its cell, and the cell's class. */
type Column<Row> = [MessageKey, (row: Row) => ReactNode, string?];

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
  const number = "data-table__number";
  const columns: Column<Row>[] = [
    ...lead,
    ["market.profile.shipments", (row) => intl.formatNumber(row.shipments), number],
    ["market.profile.value", (row) => format.usd(row.valueUsd), number],
    ["market.profile.weight", (row) => format.weight(row.netWeightKg), number],
    ...trail,
  ];
  return (
    <table className="data-table">
      <thead>
        <tr>
          {columns.map(([key, , className]) => (
            <th key={key} scope="col" className={className === number ? number : undefined}>
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map(([key, cell, className]) => (
              <td key={key} className={className}>
                {cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
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
