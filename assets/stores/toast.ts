import { create } from "zustand";
import type { Text } from "../i18n/messages";

export type ToastVariant = "default" | "destructive" | "success" | "warning" | "info" | "error";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface Toast {
  id: number;
  variant: ToastVariant;
  title: Text;
  description?: Text;
  open: boolean;
}

export type ToastInput = Omit<Toast, "id" | "open" | "variant"> & { variant?: ToastVariant };

interface ToastState {
  toasts: Toast[];
  lastId: number;
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

/** At most one toast at a time; it closes after 5 s and leaves the store well after it fades. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  lastId: 0,
  show(input) {
    const id = get().lastId + 1;
    const toast: Toast = { variant: "default", ...input, id, open: true };
    set((state) => ({ lastId: id, toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) }));
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
    return id;
  },
  dismiss(id) {
    const current = get().toasts.find((toast) => toast.id === id);
    if (!current?.open) return;
    set((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)),
    }));
    setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

export function showToast(input: ToastInput): number {
  return useToastStore.getState().show(input);
}
