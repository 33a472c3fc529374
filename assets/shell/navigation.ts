import type { MessageKey } from "../i18n/messages";
import type { GroupId } from "../stores/sidebar";
import type { IconName } from "./Icon";

export interface NavItem {
  label: MessageKey;
  href: string;
  icon: IconName;
  available: boolean;
  /** Paths starting with this prefix mark the item active. */
  activePrefix: string;
}

export interface NavGroup {
  id: GroupId;
  label: MessageKey;
  items: readonly NavItem[];
}

function available(label: MessageKey, href: string, icon: IconName, activePrefix = href): NavItem {
  return { label, href, icon, available: true, activePrefix };
}

function unavailable(label: MessageKey, href: string, icon: IconName): NavItem {
  return { label, href, icon, available: false, activePrefix: href };
}

export const SERVICE_DEMAND_PATH = "/service-demand";

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: "saleMarketing",
    label: "nav.group.saleMarketing",
    items: [
      available("nav.marketInsights", "/market-insights", "chart"),
      available("nav.findGlobalBuyers", "/find-global-lead", "globe", "/find-global"),
      available("nav.leadVerification", "/lead-verification", "shield"),
      unavailable("nav.aiSaleAgent", "/ai-sale-agent", "sparkle"),
      unavailable("nav.contentWorkflow", "/content-workflow", "flow"),
      unavailable("nav.aiPackageDesign", "/ai-package-design", "box"),
      unavailable("nav.leadNurturing", "/lead-nurturing", "sprout"),
    ],
  },
  {
    id: "management",
    label: "nav.group.management",
    items: [
      unavailable("nav.orderManagement", "/order-management", "clipboard"),
      unavailable("nav.farmManagement", "/farm-management", "leaf"),
    ],
  },
  {
    id: "customerServices",
    label: "nav.group.customerServices",
    items: [
      unavailable("nav.chatbotSupport", "/chatbot-support", "chat"),
      unavailable("nav.customerServices", "/customer-services", "headset"),
    ],
  },
];

export function isActive(item: NavItem, path: string): boolean {
  return path === item.activePrefix || path.startsWith(item.activePrefix === item.href ? `${item.href}/` : item.activePrefix);
}
