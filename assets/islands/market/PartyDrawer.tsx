import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import useSWR from "swr";
import { countryName, partyPath, type Country, type PartyProfile } from "../../api/market";
import { fetchData } from "../../api/swr";
import { Modal } from "../../components/Modal";
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
  const head = (key: MessageKey, number = true) => (
    <th scope="col" className={number ? "data-table__number" : undefined}>
      {t(key)}
    </th>
  );
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
        <table className="data-table">
          <thead>
            <tr>
              {head("market.table.hsCode", false)}
              {head("market.profile.product", false)}
              {head("market.profile.shipments")}
              {head("market.profile.value")}
              {head("market.profile.weight")}
              {head("market.profile.medianPrice")}
            </tr>
          </thead>
          <tbody>
            {profile.products.map((row) => (
              <tr key={row.hsCode}>
                <td>{row.hsCode}</td>
                <td>{row.descriptions[language]}</td>
                <td className="data-table__number">{intl.formatNumber(row.shipments)}</td>
                <td className="data-table__number">{usd(row.valueUsd)}</td>
                <td className="data-table__number">{weight(row.netWeightKg)}</td>
                <td className="data-table__number">
                  {row.medianPricePerKg === null ? "—" : t("market.unit.perKg", { price: formatUsd(row.medianPricePerKg, language) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="market.profile.counterparties">
        <table className="data-table">
          <thead>
            <tr>
              {head("market.rankings.name", false)}
              {head("market.profile.shipments")}
              {head("market.profile.value")}
              {head("market.profile.weight")}
              {head("market.rankings.lastShipment", false)}
            </tr>
          </thead>
          <tbody>
            {profile.counterparties.map((row) => (
              <tr key={row.partyId}>
                <td>
                  <PartyButton id={row.partyId} name={row.name} onOpen={onOpen} />
                  <span className="data-table__detail">{countryName(countries, row.country, language)}</span>
                </td>
                <td className="data-table__number">{intl.formatNumber(row.shipments)}</td>
                <td className="data-table__number">{usd(row.valueUsd)}</td>
                <td className="data-table__number">{weight(row.netWeightKg)}</td>
                <td className="data-table__nowrap">{date(row.lastDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="market.profile.countries">
        <table className="data-table">
          <thead>
            <tr>
              {head("market.profile.country", false)}
              {head("market.profile.shipments")}
              {head("market.profile.value")}
              {head("market.profile.weight")}
            </tr>
          </thead>
          <tbody>
            {profile.partnerCountries.map((row) => (
              <tr key={row.country}>
                <td>{countryName(countries, row.country, language)}</td>
                <td className="data-table__number">{intl.formatNumber(row.shipments)}</td>
                <td className="data-table__number">{usd(row.valueUsd)}</td>
                <td className="data-table__number">{weight(row.netWeightKg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="market.profile.months">
        <table className="data-table">
          <thead>
            <tr>
              {head("market.chart.month", false)}
              {head("market.profile.shipments")}
              {head("market.profile.value")}
              {head("market.profile.weight")}
            </tr>
          </thead>
          <tbody>
            {[...profile.months].reverse().map((row) => (
              <tr key={row.month}>
                <td>{formatMonth(row.month, language)}</td>
                <td className="data-table__number">{intl.formatNumber(row.shipments)}</td>
                <td className="data-table__number">{usd(row.valueUsd)}</td>
                <td className="data-table__number">{weight(row.netWeightKg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}

/** An importer's or exporter's trade profile over all the data, in a drawer over the page. */
export function PartyDrawer({ party, countries, onOpen, onClose }: Props) {
  const t = useT();
  const language = useLanguage();
  const { data, error, isLoading } = useSWR<PartyProfile, unknown>(partyPath(party.id), fetchData<PartyProfile>);
  const description = data
    ? t("market.profile.description", { country: countryName(countries, data.country, language) })
    : t("market.profile.loading");
  return (
    <Modal title={data?.name ?? party.name} description={description} onClose={onClose} className="dialog party-drawer">
      {data ? (
        <Profile profile={data} countries={countries} onOpen={onOpen} />
      ) : isLoading ? (
        <Skeleton />
      ) : error ? (
        <p className="form-alert" role="alert">
          {t("market.profile.error")}
        </p>
      ) : null}
    </Modal>
  );
}
