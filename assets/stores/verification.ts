import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { refreshProfile } from "../api/billing";
import {
  CHECKS,
  fetchMyVerifications,
  isInsufficientCredit,
  refreshMyVerifications,
  runCheck,
  type CheckName,
  type CheckState,
  type ErrorHandler,
  type VerificationProgress,
} from "../api/verification";

/** The delay between adding a verification and starting it (spec §9). */
export const START_DELAY_MS = 100;
const STEP = 100 / CHECKS.length;
/** How often, and how many times, a run left by a previous page is read back from the server. */
export const FOLLOW_INTERVAL_MS = 2000;
const FOLLOW_ATTEMPTS = 30;

/** A verification in progress (spec §3), keyed by its company id. */
export interface Verification {
  id: string;
  name: string;
  domain: string;
  progress: number;
  checkerStates: Record<CheckName, CheckState>;
  modalOpen: boolean;
  notificationVisible: boolean;
  loading: boolean;
  isDone: boolean;
  /** The run was refused for want of credits: nothing ran and nothing was charged. */
  noCredits?: boolean;
  /** Its finished card was shown on a page: the next page does not show it again. */
  seen?: boolean;
}

export interface VerificationTarget {
  id: string;
  name: string;
  domain: string;
}

interface VerificationState {
  /** In the order they were added: the notification cards stack in it. */
  verifications: Verification[];
  /** Opens the company's progress view; a new one starts after START_DELAY_MS. */
  add: (target: VerificationTarget, onError?: ErrorHandler) => void;
  /** Runs the four checks in parallel with the given domain; failed calls go to `onError`. */
  start: (id: string, domain: string, onError?: ErrorHandler) => Promise<void>;
  hide: (id: string) => void;
  remove: (id: string) => void;
  /** A finished verification's card was shown. */
  markSeen: (id: string) => void;
  /** A notification click: a finished verification leaves and its result opens in a new tab. */
  openResult: (id: string) => void;
  /** Takes the server's state of runs whose answers a previous page did not wait for. */
  sync: (rows: readonly VerificationProgress[], final: boolean) => void;
}

function allChecks(state: CheckState): Record<CheckName, CheckState> {
  return Object.fromEntries(CHECKS.map((check) => [check, state])) as Record<CheckName, CheckState>;
}

export function resultHref(companyId: string): string {
  return `/lead-verification/${encodeURIComponent(companyId)}`;
}

/**
 * The verifications this browser tab is running (spec §4). They are kept for the tab's life,
 * so their notification cards follow the user from page to page.
 */
export const useVerificationStore = create<VerificationState>()(
  persist(
    (set, get) => {
      const update = (id: string, change: (verification: Verification) => Partial<Verification>) =>
        set((state) => ({
          verifications: state.verifications.map((verification) =>
            verification.id === id ? { ...verification, ...change(verification) } : verification,
          ),
        }));
      const find = (id: string) => get().verifications.find((verification) => verification.id === id);

      const finishCheck = (id: string, check: CheckName, outcome: "success" | "error") => {
        update(id, (verification) => {
          const checkerStates = { ...verification.checkerStates, [check]: outcome };
          const finished = CHECKS.filter((name) => checkerStates[name] === "success" || checkerStates[name] === "error");
          return { checkerStates, progress: Math.round(finished.length * STEP) };
        });
      };

      return {
        verifications: [],

        add({ id, name, domain }, onError) {
          if (find(id)) {
            update(id, () => ({ modalOpen: true }));
            return;
          }
          set((state) => ({
            verifications: [
              ...state.verifications,
              {
                id,
                name,
                domain,
                progress: 0,
                checkerStates: allChecks("pending"),
                modalOpen: true,
                notificationVisible: false,
                loading: false,
                isDone: false,
              },
            ],
          }));
          setTimeout(() => void get().start(id, domain, onError), START_DELAY_MS);
        },

        async start(id, domain, onError) {
          if (!find(id)) return;
          update(id, () => ({ domain, loading: true, isDone: false, noCredits: false, progress: 0, checkerStates: allChecks("in_progress") }));
          // A refusal for want of credits is told once (spec §8's toast), not once per check.
          const handleError: ErrorHandler = (error) => {
            if (!isInsufficientCredit(error)) onError?.(error);
            else if (!find(id)?.noCredits) {
              update(id, () => ({ noCredits: true }));
              onError?.(error);
            }
          };
          const outcomes = await Promise.all(
            CHECKS.map(async (check) => {
              const outcome = await runCheck(id, check, domain, handleError);
              if (find(id)) finishCheck(id, check, outcome);
              return outcome;
            }),
          );
          if (!find(id)) return;
          if (find(id)?.noCredits) {
            update(id, () => ({ loading: false, isDone: false, progress: 0, checkerStates: allChecks("pending") }));
            return;
          }
          const isDone = outcomes.every((outcome) => outcome === "success");
          update(id, () => ({ loading: false, isDone }));
          void refreshMyVerifications();
          // A run that found anything is charged, whether or not every check succeeded.
          void refreshProfile();
        },

        hide(id) {
          update(id, () => ({ modalOpen: false, notificationVisible: true }));
        },

        markSeen(id) {
          if (find(id) && !find(id)?.seen) update(id, () => ({ seen: true }));
        },

        remove(id) {
          set((state) => ({ verifications: state.verifications.filter((verification) => verification.id !== id) }));
        },

        sync(rows, final) {
          for (const verification of get().verifications) {
            if (!verification.loading) continue;
            const row = rows.find((candidate) => String(candidate.companyId) === verification.id);
            const finished = row?.finished ?? false;
            if (!finished && !final) {
              if (row) update(verification.id, () => ({ checkerStates: row.checkerStates, progress: row.progress }));
              continue;
            }
            // Still unfinished after the last look: what did not answer counts as an error.
            const checkerStates = { ...(row?.checkerStates ?? verification.checkerStates) };
            for (const check of CHECKS) {
              if (checkerStates[check] !== "success") checkerStates[check] = "error";
            }
            const isDone = CHECKS.every((check) => checkerStates[check] === "success");
            update(verification.id, () => ({ checkerStates, progress: 100, loading: false, isDone }));
            // A run that found anything is charged, whether or not every check succeeded.
          void refreshProfile();
          }
        },

        openResult(id) {
          if (!find(id)?.isDone) return;
          get().remove(id);
          window.open(resultHref(id), "_blank", "noopener");
        },
      };
    },
    {
      name: "lead-verifications",
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ verifications: state.verifications }),
      merge: (persisted, current) => ({
        ...current,
        verifications: onArrival((persisted as Partial<VerificationState> | undefined)?.verifications ?? []),
      }),
      // A page left while its checks ran lost their answers; the server finishes them, so
      // this page reads the outcome back rather than running (and charging) them again.
      onRehydrateStorage: () => (state) => {
        if (state?.verifications.some((verification) => verification.loading)) void followRuns();
      },
    },
  ),
);

/**
 * The verifications a newly opened page takes over from the previous one: a modal open when
 * the page was left becomes a card (the modal opens only when the user asks, never by
 * navigating), and a finished verification whose card was already shown is gone.
 */
export function onArrival(verifications: readonly Verification[]): Verification[] {
  return verifications
    .filter((verification) => verification.loading || !verification.seen)
    .map((verification) =>
      verification.modalOpen ? { ...verification, modalOpen: false, notificationVisible: true } : verification,
    );
}

async function followRuns(): Promise<void> {
  for (let attempt = 1; attempt <= FOLLOW_ATTEMPTS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
    const rows = await fetchMyVerifications().catch(() => null);
    const store = useVerificationStore.getState();
    if (rows || attempt === FOLLOW_ATTEMPTS) store.sync(rows ?? [], attempt === FOLLOW_ATTEMPTS);
    if (!useVerificationStore.getState().verifications.some((verification) => verification.loading)) return;
  }
}

/** The progress view's verification (at most one modal is open at a time). */
export function useOpenVerification(): Verification | undefined {
  return useVerificationStore((state) => state.verifications.find((verification) => verification.modalOpen));
}

/** The cards to float: hidden verifications whose modal is closed. */
export function visibleNotifications(verifications: readonly Verification[]): Verification[] {
  return verifications.filter((verification) => verification.notificationVisible && !verification.modalOpen);
}
