import type { AiAnswer, Country } from "../../api/market";
import { countryName } from "../../api/market";
import { formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { PartyButton } from "./PartyButton";

interface Props {
  importers: NonNullable<AiAnswer["importers"]>;
  countries: Country[] | undefined;
  onParty: (partyId: number, name: string) => void;
}

/** The importers the AI box's answer names, each opening its trade profile. */
export function AnswerImporters({ importers, countries, onParty }: Props) {
  const t = useT();
  const language = useLanguage();
  if (importers.length === 0) return null;
  return (
    <nav className="answer-importers" aria-label={t("market.ai.importers")}>
      <span className="answer-importers__label">{t("market.ai.importers")}</span>
      <ul>
        {importers.map((importer) => (
          <li key={importer.partyId}>
            <PartyButton id={importer.partyId} name={importer.importerName} onOpen={onParty} />{" "}
            <span className="data-table__detail">
              {countryName(countries, importer.importerCountry, language)} · {formatUsd(importer.valueUsd, language, true)}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
