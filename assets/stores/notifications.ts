import { create } from "zustand";

export interface VerificationNotice {
  companyId: string;
  name: string;
  progress: number;
  isDone: boolean;
}

interface NotificationState {
  notices: VerificationNotice[];
  remove: (companyId: string) => void;
}

/** Verifications running in the background, shown as floating cards. */
export const useNotificationStore = create<NotificationState>()((set) => ({
  notices: [],
  remove(companyId) {
    set((state) => ({ notices: state.notices.filter((notice) => notice.companyId !== companyId) }));
  },
}));
