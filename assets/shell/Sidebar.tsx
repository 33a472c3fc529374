import { useT } from "../i18n/useT";
import { useSidebarStore } from "../stores/sidebar";
import { Icon } from "./Icon";
import { Link } from "./Link";
import { NAV_GROUPS, SERVICE_DEMAND_PATH, isActive, type NavGroup, type NavItem } from "./navigation";
import { Tooltip } from "./Tooltip";
import { UserGuideLink } from "./UserGuideLink";

interface ItemProps {
  item: NavItem;
  path: string;
  collapsed: boolean;
}

function SidebarItem({ item, path, collapsed }: ItemProps) {
  const t = useT();
  const label = t(item.label);
  const hint = item.available ? label : `${label} · ${t("nav.unavailableHint")}`;
  return (
    <li>
      <Tooltip label={hint} disabled={!collapsed && item.available}>
        <Link
          href={item.href}
          className="nav-item"
          aria-current={isActive(item, path) ? "page" : undefined}
          data-unavailable={item.available ? undefined : "true"}
        >
          <Icon name={item.icon} />
          <span className="nav-item__label">{label}</span>
          {!item.available && <span className="badge nav-item__badge">{t("common.comingSoon")}</span>}
        </Link>
      </Tooltip>
    </li>
  );
}

function SidebarGroup({ group, path, collapsed }: { group: NavGroup; path: string; collapsed: boolean }) {
  const t = useT();
  const expandedGroups = useSidebarStore((state) => state.expandedGroups);
  const toggleGroup = useSidebarStore((state) => state.toggleGroup);
  const expanded = collapsed || expandedGroups.includes(group.id);
  const listId = `nav-group-${group.id}`;
  return (
    <div className="nav-group">
      <button
        type="button"
        className="nav-group__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => toggleGroup(group.id)}
      >
        <span>{t(group.label)}</span>
        <Icon name="chevron" size={16} />
      </button>
      <ul id={listId} className="nav-group__items" hidden={!expanded}>
        {group.items.map((item) => (
          <SidebarItem key={item.href} item={item} path={path} collapsed={collapsed} />
        ))}
      </ul>
    </div>
  );
}

/** The service-demand form, for features the sidebar does not offer yet. */
function RequestFeatureLink({ path, collapsed }: { path: string; collapsed: boolean }) {
  const t = useT();
  const label = t("nav.requestFeature");
  return (
    <Tooltip label={label} disabled={!collapsed}>
      <Link
        href={SERVICE_DEMAND_PATH}
        className="nav-item sidebar__request"
        aria-current={path === SERVICE_DEMAND_PATH ? "page" : undefined}
      >
        <Icon name="chat" />
        <span className="nav-item__label">{label}</span>
      </Link>
    </Tooltip>
  );
}

export function Sidebar({ path, open }: { path: string; open: boolean }) {
  const t = useT();
  const collapsed = useSidebarStore((state) => state.collapsed);
  const toggleCollapsed = useSidebarStore((state) => state.toggleCollapsed);
  return (
    <aside id="sidebar" className="sidebar" data-collapsed={collapsed} data-open={open}>
      <Link href="/market-insights" className="sidebar__brand">
        <span className="brand-mark" aria-hidden="true">T</span>
        <span className="sidebar__brand-name">{t("app.name")}</span>
      </Link>
      <nav className="sidebar__nav" aria-label={t("nav.label")}>
        {NAV_GROUPS.map((group) => (
          <SidebarGroup key={group.id} group={group} path={path} collapsed={collapsed} />
        ))}
      </nav>
      <RequestFeatureLink path={path} collapsed={collapsed} />
      <div className="sidebar__footer">
        <UserGuideLink className="nav-item" />
      </div>
      <button
        type="button"
        className="sidebar__collapse"
        aria-pressed={collapsed}
        aria-label={t(collapsed ? "nav.expand" : "nav.collapse")}
        onClick={toggleCollapsed}
      >
        <Icon name="panel" />
      </button>
    </aside>
  );
}
