import { useCallback, useEffect, useRef, useState } from "react";
import {
  PAGE_SIZES,
  dataPeriod,
  emptyFilters,
  fieldErrorsOf,
  filterQuery,
  filtersFromAi,
  filtersFromReading,
  filtersFromQuery,
  isQuotaError,
  parseDateInput,
  useMarketMeta,
  validateFilters,
  type AiAnswer,
  type FieldErrors,
  type MarketFilters,
  type ShipmentSort,
} from "../../api/market";
import { useT } from "../../i18n/useT";
import { EmptyState, PageHeader } from "../../shell/PageHeader";
import { Tooltip } from "../../shell/Tooltip";
import { openPricing } from "../../stores/pricing";
import { AiAskBox } from "./AiAskBox";
import { AnswerImporters } from "./AnswerImporters";
import { CoverageNote, PeriodNotice } from "./Coverage";
import { Dashboard } from "./Dashboard";
import { Downloads } from "./Downloads";
import { FilterForm } from "./FilterForm";
import { HsCodesPanel } from "./HsCodesPanel";
import { LimitNotice } from "./LimitNotice";
import { MonthlyPanel } from "./MonthlyPanel";
import { SaveSearch } from "./SaveSearch";
import { PartyDrawer, type OpenParty } from "./PartyDrawer";
import { PricePanel } from "./PricePanel";
import { RankingsPanel } from "./RankingsPanel";
import { ShipmentTable } from "./ShipmentTable";
import {
  pageSizeFromSearch,
  sortFromSearch,
  useMarketSearch,
  writeSearchToAddress,
  writeSortToAddress,
} from "./useMarketSearch";
import { ResultCount } from "../../components/ResultCount";

function DemoBadge() {
  const t = useT();
  return (
    <Tooltip label={t("market.demo.tooltip")}>
      <span className="badge demo-badge" tabIndex={0}>
        {t("market.demo.badge")}
      </span>
    </Tooltip>
  );
}

/** Whether the data holds days before the search's period (so a previous period can compare). */
function reachesBefore(filters: MarketFilters | null, firstDate: string | null | undefined): boolean {
  const start = filters ? parseDateInput(filters.startDate) : null;
  if (!start || !firstDate) return true;
  return new Date(`${firstDate.slice(0, 10)}T00:00:00Z`).getTime() < start.getTime();
}

interface InitialSearch {
  form: MarketFilters;
  submitted: MarketFilters | null;
  fromAddress: boolean;
}

/** The search the page opens with: the one in the address bar, when it is complete. */
/** A trade profile the address asks to open (`?party=<id>`, from a company page). */
export function partyFromAddress(search: string): OpenParty | null {
  const id = new URLSearchParams(search).get("party") ?? "";
  return /^[1-9]\d{0,15}$/.test(id) ? { id: Number(id), name: "" } : null;
}

function initialSearch(): InitialSearch {
  const fromAddress = filtersFromQuery(window.location.search);
  if (!fromAddress) return { form: emptyFilters(), submitted: null, fromAddress: false };
  const valid = Object.keys(validateFilters(fromAddress)).length === 0;
  return { form: fromAddress, submitted: valid ? fromAddress : null, fromAddress: true };
}

/** Market insights (spec §2): the AI box, the filters and the four panels of one search. */
export function MarketPage() {
  const t = useT();
  const { data: meta } = useMarketMeta();
  const [initial] = useState(initialSearch);
  const [form, setForm] = useState<MarketFilters>(initial.form);
  // The period is the user's once it came from the address, was typed or was searched with.
  const periodSettled = useRef(initial.fromAddress);
  const [submitted, setSubmitted] = useState<MarketFilters | null>(initial.submitted);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(() => pageSizeFromSearch(window.location.search));
  const [sort, setSort] = useState<ShipmentSort>(() => sortFromSearch(window.location.search));
  const [party, setParty] = useState<OpenParty | null>(() => partyFromAddress(window.location.search));
  const [aiImporters, setAiImporters] = useState<NonNullable<AiAnswer["importers"]>>([]);
  const query = submitted ? filterQuery(submitted) : null;
  const { statistics, hsCodes, summary, table } = useMarketSearch(query, page, pageSize, sort);

  const failure: unknown = statistics.error ?? hsCodes.error ?? summary.error ?? table.error;
  const quotaBlocked = isQuotaError(failure);
  useEffect(() => {
    if (quotaBlocked) openPricing("market-insights");
  }, [quotaBlocked, query]);
  const errors: FieldErrors = { ...(fieldErrorsOf(failure) ?? {}), ...clientErrors };

  // When the data ends before today, the default period ends on its last date.
  const lastDate = meta?.dataRange.lastDate ?? null;
  useEffect(() => {
    if (periodSettled.current || !lastDate) return;
    periodSettled.current = true;
    setForm((current) => ({ ...current, ...dataPeriod(lastDate) }));
  }, [lastDate]);

  const editForm = (next: MarketFilters) => {
    if (next.startDate !== form.startDate || next.endDate !== form.endDate) periodSettled.current = true;
    setForm(next);
  };

  const run = (filters: MarketFilters, size = pageSize) => {
    const found = validateFilters(filters);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    periodSettled.current = true;
    setSubmitted(filters);
    setPage(1);
    writeSearchToAddress(filterQuery(filters), size);
  };

  const toggleHsCode = (code: string) => {
    const toggle = (codes: string[]) => (codes.includes(code) ? codes.filter((item) => item !== code) : [...codes, code]);
    const hsCode = toggle(submitted?.hsCode ?? form.hsCode);
    setForm({ ...form, hsCode });
    if (submitted) run({ ...submitted, hsCode });
  };

  // An answer it could search for runs that search; one it could not read leaves the form as it
  // is (no form error, the dates kept): its chips say what it did understand.
  const answer = (result: AiAnswer) => {
    setAiImporters(result.understood ? (result.importers ?? []) : []);
    if (!result.understood) return;
    const next = result.dated ? filtersFromAi(result.filters) : { ...filtersFromAi(result.filters), startDate: form.startDate, endDate: form.endDate };
    periodSettled.current = true;
    setForm(next);
    run(next);
  };

  const useLatestPeriod = () => {
    const period = dataPeriod(lastDate);
    const next = { ...(submitted ?? form), ...period };
    periodSettled.current = true;
    setForm({ ...form, ...period });
    if (submitted) run(next);
  };

  const openParty = useCallback((id: number, name: string) => setParty({ id, name }), []);
  // Modal re-runs its focus effect when onClose changes: keep it stable.
  const closeParty = useCallback(() => setParty(null), []);
  const changeSort = (next: ShipmentSort) => {
    setSort(next);
    setPage(1);
    writeSortToAddress(next);
  };

  const useReading = (result: AiAnswer) => {
    if (result.dated) periodSettled.current = true;
    setClientErrors({});
    setForm(filtersFromReading(form, result));
  };

  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
    if (query !== null) writeSearchToAddress(query, size);
  };

  const pageSizes = meta?.pageSizes.length ? meta.pageSizes : PAGE_SIZES;
  const loading = (state: { isLoading: boolean; isValidating: boolean }) => state.isLoading || state.isValidating;
  return (
    <>
      <PageHeader title={t("page.market.title")} description={t("page.market.description")}>
        {meta?.demoData && <DemoBadge />}
      </PageHeader>
      <div className="market">
        <CoverageNote coverage={meta?.coverage} />
        <ResultCount total={query === null ? undefined : statistics.data?.shipments} loading={query !== null && statistics.isLoading} />
        <AiAskBox onAnswer={answer} onUseReading={useReading} />
        <AnswerImporters importers={aiImporters} countries={meta?.countries} onParty={openParty} />
        <FilterForm value={form} errors={errors} countries={meta?.countries} onChange={editForm} onSubmit={() => run(form)} />
        <PeriodNotice filters={form} coverage={meta?.coverage} onUseLatest={useLatestPeriod} />
        <SaveSearch filters={quotaBlocked ? null : submitted} />
        {quotaBlocked ? (
          <LimitNotice />
        ) : query === null ? (
          <>
            <HsCodesPanel figures={undefined} loading={false} selected={form.hsCode} onToggle={toggleHsCode} />
            <EmptyState title={t("market.empty.title")} hint={t("market.empty.hint")} />
          </>
        ) : (
          <>
            <Dashboard statistics={statistics.data} loading={loading(statistics)} />
            <div className="market__panels">
              <HsCodesPanel
                figures={hsCodes.data}
                loading={loading(hsCodes)}
                selected={submitted?.hsCode ?? []}
                onToggle={toggleHsCode}
              />
              <MonthlyPanel months={summary.data} loading={loading(summary)} />
            </div>
            <section className="card market-panel">
              <div className="panel-head">
                <h2 className="card__title">{t("market.table.title")}</h2>
                <Downloads query={query} />
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={table.isValidating}
                  onClick={() => void table.mutate()}
                >
                  {t("market.table.refresh")}
                </button>
              </div>
              <ShipmentTable
                result={table.data}
                loading={loading(table)}
                countries={meta?.countries}
                pageSizes={pageSizes}
                sort={sort}
                onSort={changeSort}
                onParty={openParty}
                onPage={setPage}
                onPageSize={changePageSize}
              />
            </section>
            <RankingsPanel
              query={query}
              countries={meta?.countries}
              pageSizes={pageSizes}
              previousInData={reachesBefore(submitted, meta?.coverage.firstDate)}
              onParty={openParty}
            />
            <PricePanel query={query} countries={meta?.countries} />
          </>
        )}
      </div>
      {party && <PartyDrawer party={party} countries={meta?.countries} onOpen={openParty} onClose={closeParty} />}
    </>
  );
}
