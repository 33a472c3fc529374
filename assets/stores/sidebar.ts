import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export type GroupId = "saleMarketing" | "management" | "customerServices";

export const DEFAULT_EXPANDED_GROUPS: readonly GroupId[] = ["saleMarketing"];
export const SIDEBAR_STORAGE_KEY = "sidebar_state";

interface SidebarState {
  collapsed: boolean;
  expandedGroups: readonly GroupId[];
  toggleCollapsed: () => void;
  toggleGroup: (group: GroupId) => void;
  clearAll: () => void;
}

/** Sidebar layout, remembered across pages in local storage. */
export const useSidebarStore = create<SidebarState>()(
  persist(
    (set) => ({
      collapsed: false,
      expandedGroups: DEFAULT_EXPANDED_GROUPS,
      toggleCollapsed() {
        set((state) => ({ collapsed: !state.collapsed }));
      },
      toggleGroup(group) {
        set((state) => ({
          expandedGroups: state.expandedGroups.includes(group)
            ? state.expandedGroups.filter((id) => id !== group)
            : [...state.expandedGroups, group],
        }));
      },
      clearAll() {
        set({ collapsed: false, expandedGroups: DEFAULT_EXPANDED_GROUPS });
      },
    }),
    {
      name: SIDEBAR_STORAGE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ collapsed, expandedGroups }) => ({ collapsed, expandedGroups }),
    },
  ),
);
