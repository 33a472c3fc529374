import { useCallback, useId, useState, type SubmitEvent } from "react";
import { useSWRConfig } from "swr";
import { countryName, useMarketMeta, type Country, type MarketFilters } from "../../api/market";
import { SAVED_SEARCHES_PATH, saveSearch, savedSearchError } from "../../api/savedSearches";
import { Modal } from "../../components/Modal";
import type { Language, Text } from "../../i18n/messages";
import { useLanguage } from "../../i18n/language";
import { useT, useTextFormatter } from "../../i18n/useT";
import { showToast } from "../../stores/toast";

type Translate = ReturnType<typeof useT>;

/** A search in a few words, the name a saved search starts with: "cashew · importers in United States · 01-01-2024 – 31-12-2024". */
export function searchSummary(filters: MarketFilters, t: Translate, countries: readonly Country[] | undefined, language: Language): string {
  const country = (code: string) => countryName(countries, code, language);
  const parts = [
    filters.productDetails.trim(),
    filters.importerName.trim() && t("savedSearch.summary.importer", { name: filters.importerName.trim() }),
    filters.exporterName.trim() && t("savedSearch.summary.exporter", { name: filters.exporterName.trim() }),
    filters.importerCountry && t("savedSearch.summary.importerCountry", { country: country(filters.importerCountry) }),
    filters.exporterCountry && t("savedSearch.summary.exporterCountry", { country: country(filters.exporterCountry) }),
    filters.hsCode.length > 0 && `HS ${filters.hsCode.join(", ")}`,
    `${filters.startDate} – ${filters.endDate}`,
  ];
  return parts.filter(Boolean).join(" · ").slice(0, 120);
}

interface DialogProps {
  filters: MarketFilters;
  onClose: () => void;
}

function SaveSearchDialog({ filters, onClose }: DialogProps) {
  const t = useT();
  const format = useTextFormatter();
  const language = useLanguage();
  const { data: meta } = useMarketMeta();
  const { mutate } = useSWRConfig();
  const nameId = useId();
  // The name follows the search's summary (countries named once they are loaded) until typed in.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? searchSummary(filters, t, meta?.countries, language);
  const [alerts, setAlerts] = useState(true);
  const [error, setError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError({ id: "savedSearch.error.nameRequired" });
      return;
    }
    setBusy(true);
    try {
      await saveSearch(filters, name.trim(), alerts);
      void mutate(SAVED_SEARCHES_PATH);
      showToast({ variant: "success", title: { id: "savedSearch.saved" }, description: { id: "savedSearch.savedHint" } });
      onClose();
    } catch (failure) {
      setError(savedSearchError(failure));
      setBusy(false);
    }
  };
  return (
    <Modal title={t("savedSearch.dialog.title")} description={t("savedSearch.dialog.description")} onClose={onClose} className="dialog save-search-dialog">
      <form className="save-search-form" onSubmit={(event) => void submit(event)}>
        <div className="form-field">
          <label htmlFor={nameId} className="form-field__label">
            {t("savedSearch.name")}
          </label>
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={120}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${nameId}-error`} className="form-field__error" role="alert">
              {format(error)}
            </p>
          )}
        </div>
        <label className="save-search-form__alerts">
          <input type="checkbox" checked={alerts} onChange={(event) => setAlerts(event.target.checked)} />
          <span>{t("savedSearch.alerts.label")}</span>
        </label>
        <div className="save-search-form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("savedSearch.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("savedSearch.save")}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** 'Save search' beside the search: keeps the searched filters under a name, with alerts. */
export function SaveSearch({ filters }: { filters: MarketFilters | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="save-search">
      <button type="button" className="button button--secondary button--small" disabled={!filters} onClick={() => setOpen(true)}>
        {t("savedSearch.button")}
      </button>
      {open && filters && <SaveSearchDialog filters={filters} onClose={close} />}
    </div>
  );
}
