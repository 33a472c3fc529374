import { Drawer } from "../../components/Drawer";
import { revealedLeadsCsv, useMyLeads, type Lead } from "../../api/leads";
import { useT } from "../../i18n/useT";
import { useAnalytics, usePreload } from "../../shell/context";
import { Skeleton } from "../../shell/Skeleton";
import { useParamToggle } from "../../shell/useParamToggle";
import { EmailCell, PhoneCell } from "./ContactCells";

/** The search parameter that opens the drawer (spec §2): any non-empty value. */
export const MY_LEADS_PARAM = "my-leads";

/** Whether the drawer is open; it follows the address, on load and on Back and Forward. */
export function useMyLeadsOpen(): [boolean, (open: boolean) => void] {
  const { search } = usePreload();
  return useParamToggle(MY_LEADS_PARAM, Boolean(search.myLeads));
}

function download(leads: readonly Lead[]): void {
  const blob = new Blob([`\uFEFF${revealedLeadsCsv(leads)}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `my-leads-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** The leads this user revealed or requested, with their state, and their export. */
export function MyLeadsDrawer({ onClose }: { onClose: () => void }) {
  const t = useT();
  const analytics = useAnalytics();
  const { data: leads, error, mutate } = useMyLeads();
  const revealed = (leads ?? []).filter((lead) => lead.email || lead.phone);
  const refresh = () => void mutate();
  let body;
  if (!leads) body = error ? <p className="muted">{t("error.generic")}</p> : <Skeleton />;
  else if (leads.length === 0) body = <p className="muted">{t("leads.mine.empty")}</p>;
  else
    body = (
      <ul className="leads-mine__list">
        {leads.map((lead) => (
          <li key={lead.id} className="leads-mine__item">
            <p className="leads-mine__name">
              {lead.name}
              <span className="data-table__detail">{[lead.jobTitle, lead.company.name].filter(Boolean).join(" · ")}</span>
            </p>
            <div className="leads-mine__contacts">
              <span className="leads-mine__label">{t("leads.people.email")}</span>
              {lead.emailState ? <EmailCell lead={lead} onRevealed={refresh} /> : <span className="muted">—</span>}
              <span className="leads-mine__label">{t("leads.people.phone")}</span>
              {lead.phoneState ? <PhoneCell lead={lead} onRevealed={refresh} /> : <span className="muted">—</span>}
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Drawer title={t("leads.mine.title")} onClose={onClose} width="narrow">
        <div className="leads-mine__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={revealed.length === 0}
            onClick={() => {
              analytics.event("find_global_lead", "export_csv", String(revealed.length));
              download(revealed);
            }}
          >
            {t("leads.mine.export", { count: revealed.length })}
          </button>
        </div>
        {body}
    </Drawer>
  );
}
