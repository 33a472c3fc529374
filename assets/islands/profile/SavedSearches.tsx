import { useId, useState, type SubmitEvent } from "react";
import { deleteSavedSearch, savedSearchError, updateSavedSearch, useSavedSearches, type SavedSearch } from "../../api/savedSearches";
import { formatDate } from "../../i18n/format";
import { useLanguageStore } from "../../i18n/language";
import type { Text } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { DataTable, type Column } from "../../components/DataTable";
import { showToast } from "../../stores/toast";

function failed(error: unknown) {
  showToast({ variant: "error", title: savedSearchError(error) });
}

type Refresh = () => Promise<unknown>;

function RenameForm({ saved, onDone, refresh }: { saved: SavedSearch; onDone: () => void; refresh: Refresh }) {
  const t = useT();
  const format = useTextFormatter();
  const id = useId();
  const [name, setName] = useState(saved.name);
  const [error, setError] = useState<Text | null>(null);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError({ id: "savedSearch.error.nameRequired" });
      return;
    }
    try {
      await updateSavedSearch(saved.id, { name: name.trim() });
      await refresh();
      onDone();
    } catch (failure) {
      setError(savedSearchError(failure));
    }
  };
  return (
    <form className="saved-search-rename" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="sr-only">
        {t("savedSearch.name")}
      </label>
      <input
        id={id}
        className="input"
        value={name}
        maxLength={120}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
      />
      <button type="submit" className="button button--primary button--small">
        {t("savedSearch.save")}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={onDone}>
        {t("savedSearch.cancel")}
      </button>
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {format(error)}
        </p>
      )}
    </form>
  );
}

function Actions({ saved, refresh, onRename }: { saved: SavedSearch; refresh: Refresh; onRename: () => void }) {
  const t = useT();
  const switchAlerts = () => updateSavedSearch(saved.id, { alerts: !saved.alerts }).then(refresh, failed);
  const remove = () => {
    if (!window.confirm(t("savedSearch.deleteConfirm", { name: saved.name }))) return;
    deleteSavedSearch(saved.id).then(refresh, failed);
  };
  return (
    <div className="saved-search__actions">
      <a className="button button--secondary button--small" href={saved.marketPath}>
        {t("savedSearch.open")}
      </a>
      <button type="button" className="button button--secondary button--small" onClick={onRename} aria-label={t("savedSearch.renameNamed", { name: saved.name })}>
        {t("savedSearch.rename")}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void switchAlerts()} aria-label={t(saved.alerts ? "savedSearch.alerts.stopNamed" : "savedSearch.alerts.resumeNamed", { name: saved.name })}>
        {t(saved.alerts ? "savedSearch.alerts.stop" : "savedSearch.alerts.resume")}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={remove} aria-label={t("savedSearch.deleteNamed", { name: saved.name })}>
        {t("savedSearch.delete")}
      </button>
    </div>
  );
}

/** The user's saved searches of Market Insight and their email alerts: open, rename, stop or delete each. */
export function SavedSearches() {
  const t = useT();
  const { data: searches, error, mutate } = useSavedSearches();
  const language = useLanguageStore((state) => state.language);
  const refresh = () => mutate();
  // One search is renamed at a time: its name becomes a form in its row.
  const [renaming, setRenaming] = useState<number | null>(null);
  const columns: Column<SavedSearch>[] = [
    {
      key: "name",
      label: t("savedSearch.name"),
      cell: (saved) => (
        <>
          {renaming === saved.id ? (
            <RenameForm saved={saved} refresh={refresh} onDone={() => setRenaming(null)} />
          ) : (
            <a href={saved.marketPath}>{saved.name}</a>
          )}
          <div className="muted saved-search__summary">{saved.summary}</div>
        </>
      ),
    },
    {
      key: "alerts",
      label: t("savedSearch.alerts"),
      cell: (saved) => (
        <span className={`status-badge ${saved.alerts ? "status-badge--active" : "status-badge--pending"}`}>
          {t(saved.alerts ? "savedSearch.alerts.on" : "savedSearch.alerts.off")}
        </span>
      ),
    },
    {
      key: "lastAlert",
      label: t("savedSearch.lastAlert"),
      cell: (saved) => (saved.lastAlertedAt ? formatDate(saved.lastAlertedAt, language) : t("savedSearch.never")),
    },
    {
      key: "actions",
      label: t("savedSearch.actions"),
      cell: (saved) => <Actions saved={saved} refresh={refresh} onRename={() => setRenaming(saved.id)} />,
    },
  ];
  const content = error ? (
    <p className="muted">{t("savedSearch.unavailable")}</p>
  ) : (
    <DataTable columns={columns} rows={searches} rowKey={(saved) => saved.id} empty={t("savedSearch.empty")} stack />
  );
  return (
    <section className="card">
      <h2 className="card__title">{t("savedSearch.title")}</h2>
      <p className="muted">{t("savedSearch.intro")}</p>
      {content}
    </section>
  );
}
