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
import { FilterForm } from "./FilterForm";
import { HsCodesPanel } from "./HsCodesPanel";
import { LimitNotice } from "./LimitNotice";
import { MonthlyPanel } from "./MonthlyPanel";
import { SaveSearch } from "./SaveSearch";
import { PartyDrawer, type OpenParty } from "./PartyDrawer";
import { PricePanel } from "./PricePanel";
import { RankingsPanel } from "./RankingsPanel";
import { ShipmentsPanel } from "./ShipmentsPanel";
import {
  pageSizeFromSearch,
  sortFromSearch,
  useSearchFailure,
  useStatistics,
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

/** The polite count of the search's matches, apart from the page so that it alone re-renders
 * when the figures arrive. */
function SearchCount({ query }: { query: string | null }) {
  const statistics = useStatistics(query);
  return <ResultCount total={query === null ? undefined : statistics.data?.shipments} loading={query !== null && statistics.isLoading} />;
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
  const failure = useSearchFailure(query, page, pageSize, sort);
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

  const run = useCallback(
    (filters: MarketFilters, size = pageSize) => {
      const found = validateFilters(filters);
      setClientErrors(found);
      if (Object.keys(found).length > 0) return;
      periodSettled.current = true;
      setSubmitted(filters);
      setPage(1);
      writeSearchToAddress(filterQuery(filters), size);
    },
    [pageSize],
  );

  const toggleHsCode = useCallback(
    (code: string) => {
      const toggle = (codes: string[]) => (codes.includes(code) ? codes.filter((item) => item !== code) : [...codes, code]);
      const hsCode = toggle(submitted?.hsCode ?? form.hsCode);
      setForm({ ...form, hsCode });
      if (submitted) run({ ...submitted, hsCode });
    },
    [form, submitted, run],
  );

  // An answer it could search for runs that search, over the period its figures are of (the
  // one the question named, else the one the answer chose), so the form and the sentence agree;
  // one it could not read leaves the form as it is (no form error): its chips say what it did
  // understand.
  const answer = (result: AiAnswer) => {
    setAiImporters(result.understood ? (result.importers ?? []) : []);
    if (!result.understood) return;
    const next = filtersFromAi(result.filters);
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
  // The panels are memoized: their callbacks stay the same from render to render.
  const changeSort = useCallback((next: ShipmentSort) => {
    setSort(next);
    setPage(1);
    writeSortToAddress(next);
  }, []);

  const useReading = (result: AiAnswer) => {
    if (result.dated) periodSettled.current = true;
    setClientErrors({});
    setForm(filtersFromReading(form, result));
  };

  const changePageSize = useCallback(
    (size: number) => {
      setPageSize(size);
      setPage(1);
      if (query !== null) writeSearchToAddress(query, size);
    },
    [query],
  );

  const pageSizes = meta?.pageSizes.length ? meta.pageSizes : PAGE_SIZES;
  return (
    <>
      <PageHeader title={t("page.market.title")} description={t("page.market.description")}>
        {meta?.demoData && <DemoBadge />}
      </PageHeader>
      <div className="market">
        <CoverageNote coverage={meta?.coverage} />
        <SearchCount query={query} />
        <AiAskBox onAnswer={answer} onUseReading={useReading} />
        <AnswerImporters importers={aiImporters} countries={meta?.countries} onParty={openParty} />
        <FilterForm value={form} errors={errors} countries={meta?.countries} onChange={editForm} onSubmit={() => run(form)} />
        <PeriodNotice filters={form} coverage={meta?.coverage} onUseLatest={useLatestPeriod} />
        <SaveSearch filters={quotaBlocked ? null : submitted} />
        {quotaBlocked ? (
          <LimitNotice />
        ) : query === null ? (
          <>
            <HsCodesPanel query={null} selected={form.hsCode} onToggle={toggleHsCode} />
            <EmptyState title={t("market.empty.title")} hint={t("market.empty.hint")} />
          </>
        ) : (
          <>
            <Dashboard query={query} />
            <div className="market__panels">
              <HsCodesPanel query={query} selected={submitted?.hsCode ?? form.hsCode} onToggle={toggleHsCode} />
              <MonthlyPanel query={query} />
            </div>
            <ShipmentsPanel
              query={query}
              page={page}
              pageSize={pageSize}
              sort={sort}
              countries={meta?.countries}
              pageSizes={pageSizes}
              onSort={changeSort}
              onParty={openParty}
              onPage={setPage}
              onPageSize={changePageSize}
            />
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
