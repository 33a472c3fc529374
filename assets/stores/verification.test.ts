import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshProfile } from "../api/billing";
import { VERIFICATION_PATH, type VerificationProgress } from "../api/verification";
import { callsTo, stubApi, type StubAnswer } from "../testing/api";
import { START_DELAY_MS, useVerificationStore, visibleNotifications, type Verification } from "./verification";

vi.mock("../api/billing", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/billing")>()),
  refreshProfile: vi.fn(() => Promise.resolve()),
}));

const SEGMENTS = ["company-profile", "trade-data", "sanctions", "website"];
const checkPath = (segment: string) => `POST ${VERIFICATION_PATH}/7/checks/${segment}`;
const STATES = { company_profile: "success", trade_data: "success", sanctions: "success", website: "success" };
/** A check's answer: the verification's progress, with the four checks' states. */
const answer = (states: Record<string, string> = {}): StubAnswer => ({
  body: { data: { company_id: 7, checker_states: { ...STATES, ...states } }, meta: {} },
});
const ok = answer();

/** Check answers that arrive only when the test releases them, one by one. */
function heldChecks(answers: Record<string, StubAnswer> = {}) {
  const releases: Record<string, () => void> = {};
  const routes = Object.fromEntries(SEGMENTS.map((segment) => [checkPath(segment), answers[segment] ?? ok]));
  const fetchMock = stubApi(routes);
  const respond = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(
    (input, init) =>
      new Promise((resolve) => {
        const segment = (typeof input === "string" ? input : "").split("/").pop() ?? "";
        releases[segment] = () => resolve(respond(input, init));
      }),
  );
  return { fetchMock, release: (segment: string) => releases[segment]?.() };
}

const verification = (): Verification => useVerificationStore.getState().verifications[0]!;
const store = () => useVerificationStore.getState();
/** Waits until the answered calls have reached the store. */
const settle = (reached: () => boolean) =>
  vi.waitFor(() => {
    if (!reached()) throw new Error("still waiting for the checks");
  });
const finished = () => Object.values(verification().checkerStates).filter((state) => state === "success" || state === "error").length;

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(refreshProfile).mockClear();
  useVerificationStore.setState({ verifications: [] });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the verification store", () => {
  it("adds a verification with its modal open, four pending checks and progress 0, and starts it after 100 ms", async () => {
    const { fetchMock } = heldChecks();
    store().add({ id: "7", name: "Acme", domain: "acme.example" });
    expect(verification()).toMatchObject({
      id: "7",
      name: "Acme",
      progress: 0,
      modalOpen: true,
      notificationVisible: false,
      loading: false,
      isDone: false,
      checkerStates: { companyProfile: "pending", tradeData: "pending", sanctions: "pending", website: "pending" },
    });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(verification().loading).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("re-adding an existing verification only reopens its modal", async () => {
    const { fetchMock } = heldChecks();
    store().add({ id: "7", name: "Acme", domain: "acme.example" });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    store().hide("7");
    store().add({ id: "7", name: "Acme", domain: "other.example" });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(store().verifications).toHaveLength(1);
    expect(verification()).toMatchObject({ modalOpen: true, domain: "acme.example", loading: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("starting sets loading and runs the four checks in parallel with the domain", () => {
    const { fetchMock } = heldChecks();
    useVerificationStore.setState({
      verifications: [{ ...emptyVerification(), id: "7" }],
    });
    void store().start("7", "acme.example");
    expect(verification().loading).toBe(true);
    expect(Object.values(verification().checkerStates)).toEqual(["in_progress", "in_progress", "in_progress", "in_progress"]);
    for (const segment of SEGMENTS) expect(callsTo(fetchMock, checkPath(segment))).toEqual([{ domain: "acme.example", retry: false }]);
  });

  it("raises progress by 25 per finished check and stays loading until all four finished", async () => {
    const { release } = heldChecks();
    store().add({ id: "7", name: "Acme", domain: "acme.example" });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    const seen: number[] = [];
    for (const [index, segment] of SEGMENTS.entries()) {
      release(segment);
      await settle(() => finished() === index + 1);
      seen.push(verification().progress);
      if (seen.length < 4) expect(verification().loading).toBe(true);
    }
    expect(seen).toEqual([25, 50, 75, 100]);
    expect(verification().loading).toBe(false);
  });

  it("is done and refetches the profile when all four succeed", async () => {
    const { release } = heldChecks();
    store().add({ id: "7", name: "Acme", domain: "acme.example" });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    SEGMENTS.forEach(release);
    await settle(() => !verification().loading);
    expect(verification()).toMatchObject({ isDone: true, loading: false, progress: 100 });
    expect(Object.values(verification().checkerStates)).toEqual(["success", "success", "success", "success"]);
    expect(refreshProfile).toHaveBeenCalledTimes(1);
  });

  it("a failed check does not interrupt the others, and any error leaves it not done", async () => {
    const { release } = heldChecks({
      sanctions: { status: 503, body: { data: { error: "No list", fields: {} }, meta: { message: "No list", code: "provider_unavailable" } } },
      website: answer({ website: "error" }),
    });
    const onError = vi.fn();
    store().add({ id: "7", name: "Acme", domain: "acme.example" }, onError);
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    release("sanctions");
    await settle(() => finished() === 1);
    expect(verification().checkerStates.sanctions).toBe("error");
    expect(verification().checkerStates.companyProfile).toBe("in_progress");
    expect(verification().loading).toBe(true);
    ["company-profile", "trade-data", "website"].forEach(release);
    await settle(() => !verification().loading);
    expect(verification().checkerStates).toEqual({ companyProfile: "success", tradeData: "success", sanctions: "error", website: "error" });
    expect(verification()).toMatchObject({ isDone: false, loading: false, progress: 100 });
    // Credits may have been charged for the checks that found data: the profile is read again.
    expect(refreshProfile).toHaveBeenCalledTimes(1);
    // The failed call went to the general error handler; the check that ran and failed did not.
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("hiding closes the modal and shows a notification", () => {
    useVerificationStore.setState({ verifications: [{ ...emptyVerification(), id: "7" }] });
    expect(visibleNotifications(store().verifications)).toEqual([]);
    store().hide("7");
    expect(verification()).toMatchObject({ modalOpen: false, notificationVisible: true });
    expect(visibleNotifications(store().verifications).map((item) => item.id)).toEqual(["7"]);
  });

  it("removing deletes the verification, and answers arriving later are ignored", async () => {
    const { fetchMock, release } = heldChecks();
    store().add({ id: "7", name: "Acme", domain: "acme.example" });
    await vi.advanceTimersByTimeAsync(START_DELAY_MS);
    store().remove("7");
    SEGMENTS.forEach(release);
    await vi.waitFor(async () => {
      for (const result of fetchMock.mock.results) await result.value;
    });
    expect(store().verifications).toEqual([]);
  });

  it("a notification click acts only when done: it removes the verification and opens the result in a new tab", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    useVerificationStore.setState({
      verifications: [
        { ...emptyVerification(), id: "1", notificationVisible: true, loading: true },
        { ...emptyVerification(), id: "2", notificationVisible: true, isDone: true, progress: 100 },
      ],
    });
    store().openResult("1");
    expect(open).not.toHaveBeenCalled();
    expect(store().verifications).toHaveLength(2);
    store().openResult("2");
    expect(open).toHaveBeenCalledWith("/lead-verification/2", "_blank", "noopener");
    expect(store().verifications.map((item) => item.id)).toEqual(["1"]);
  });

  it("takes the server's outcome of a run a previous page left, without running it again", () => {
    const fetchMock = stubApi({});
    useVerificationStore.setState({
      verifications: [
        { ...emptyVerification(), id: "7", loading: true, checkerStates: { companyProfile: "success", tradeData: "in_progress", sanctions: "in_progress", website: "in_progress" } },
        { ...emptyVerification(), id: "8", loading: true, checkerStates: { companyProfile: "in_progress", tradeData: "in_progress", sanctions: "in_progress", website: "in_progress" } },
      ],
    });
    const row = (companyId: number, finished: boolean, states: Verification["checkerStates"]) =>
      ({ companyId, finished, progress: finished ? 100 : 50, checkerStates: states }) as unknown as VerificationProgress;
    const done: Verification["checkerStates"] = { companyProfile: "success", tradeData: "success", sanctions: "success", website: "success" };
    const half: Verification["checkerStates"] = { companyProfile: "success", tradeData: "success", sanctions: "in_progress", website: "in_progress" };
    store().sync([row(7, true, done), row(8, false, half)], false);
    expect(store().verifications[0]).toMatchObject({ loading: false, isDone: true, progress: 100 });
    expect(store().verifications[1]).toMatchObject({ loading: true, progress: 50, checkerStates: half });
    expect(refreshProfile).toHaveBeenCalledTimes(1);
    store().sync([row(8, false, half)], true);
    expect(store().verifications[1]).toMatchObject({
      loading: false,
      isDone: false,
      checkerStates: { companyProfile: "success", tradeData: "success", sanctions: "error", website: "error" },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens no modal on arriving at a page: a modal left open becomes a card, shown once when finished", async () => {
    const running = { ...emptyVerification(), id: "7", name: "Running", loading: true, progress: 50 };
    const finishedInModal = { ...emptyVerification(), id: "8", name: "Finished", progress: 100, isDone: true };
    const shownCard = { ...emptyVerification(), id: "9", modalOpen: false, notificationVisible: true, progress: 100, isDone: true, seen: true };
    sessionStorage.setItem(
      "lead-verifications",
      JSON.stringify({ state: { verifications: [running, finishedInModal, shownCard] }, version: 0 }),
    );
    await useVerificationStore.persist.rehydrate();
    const arrived = store().verifications;
    expect(arrived.map((item) => item.id)).toEqual(["7", "8"]);
    expect(arrived.every((item) => !item.modalOpen && item.notificationVisible)).toBe(true);
    expect(visibleNotifications(arrived).map((item) => item.id)).toEqual(["7", "8"]);

    // The finished one's card is shown on this page; the page after leaves it out.
    store().markSeen("8");
    await useVerificationStore.persist.rehydrate();
    expect(store().verifications.map((item) => item.id)).toEqual(["7"]);
  });

  it("keeps the verifications for the tab's life, so they follow the user to other pages", () => {
    useVerificationStore.setState({ verifications: [{ ...emptyVerification(), id: "7", name: "Acme" }] });
    const kept = JSON.parse(sessionStorage.getItem("lead-verifications") ?? "{}") as { state: { verifications: Verification[] } };
    expect(kept.state.verifications.map((item) => item.name)).toEqual(["Acme"]);
  });
});

function emptyVerification(): Verification {
  return {
    id: "0",
    name: "Acme",
    domain: "acme.example",
    progress: 0,
    checkerStates: { companyProfile: "pending", tradeData: "pending", sanctions: "pending", website: "pending" },
    modalOpen: true,
    notificationVisible: false,
    loading: false,
    isDone: false,
  };
}
