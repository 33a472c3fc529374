import { fireEvent, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { swrOptions } from "../api/swr";
import { MY_VERIFICATIONS_PATH } from "../api/verification";
import { clientData } from "../testing/billing";
import { useVerificationStore, type Verification } from "../stores/verification";
import { renderWithShell } from "../testing/render";
import { NotificationStack, noticeTop } from "./NotificationStack";

function hidden(fields: Partial<Verification>): Verification {
  return {
    id: "1",
    name: "Acme",
    domain: "acme.example",
    progress: 50,
    checkerStates: { companyProfile: "success", tradeData: "success", sanctions: "in_progress", website: "in_progress" },
    modalOpen: false,
    notificationVisible: true,
    loading: true,
    isDone: false,
    ...fields,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  useVerificationStore.setState({ verifications: [] });
});

describe("NotificationStack", () => {
  it("is empty with no verifications hidden", () => {
    useVerificationStore.setState({ verifications: [hidden({ modalOpen: true })] });
    const { container } = renderWithShell(<NotificationStack />);
    expect(container.querySelector(".notice-stack")?.childElementCount).toBe(0);
  });

  it("stacks 300px cards 24px from the top plus 80px per index, with their progress", () => {
    expect([0, 1, 2].map(noticeTop)).toEqual([24, 104, 184]);
    useVerificationStore.setState({
      verifications: [hidden({}), hidden({ id: "2", name: "Blue Farm", progress: 100, loading: false, isDone: true })],
    });
    renderWithShell(<NotificationStack />);
    expect(screen.getByText("Verifying… 50%")).toBeTruthy();
    const second = screen.getByText("Blue Farm").closest<HTMLElement>(".notice")!;
    expect(second.style.top).toBe("104px");
    expect(second.style.width).toBe("300px");
  });

  it("opens a finished verification in a new tab and removes it; unfinished ones do nothing", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    useVerificationStore.setState({
      verifications: [hidden({}), hidden({ id: "2", name: "Blue Farm", progress: 100, loading: false, isDone: true })],
    });
    renderWithShell(<NotificationStack />);
    fireEvent.click(screen.getByText("Acme"));
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText("Blue Farm"));
    expect(open).toHaveBeenCalledWith("/lead-verification/2", "_blank", "noopener");
    expect(useVerificationStore.getState().verifications.map((item) => item.id)).toEqual(["1"]);
  });

  it("shows a finished card on one page only: the next page leaves it out and opens no modal", async () => {
    useVerificationStore.setState({
      verifications: [hidden({}), hidden({ id: "2", name: "Blue Farm", progress: 100, loading: false, isDone: true })],
    });
    const { unmount } = renderWithShell(<NotificationStack />);
    expect(screen.getByText("Blue Farm")).toBeTruthy();
    unmount();
    // The next page reads the tab's verifications back from the session storage.
    await useVerificationStore.persist.rehydrate();
    expect(useVerificationStore.getState().verifications.map((item) => item.id)).toEqual(["1"]);
    renderWithShell(<NotificationStack />);
    expect(screen.queryByText("Blue Farm")).toBeNull();
    expect(screen.getByText("Acme")).toBeTruthy();
  });

  it("lets a verification that ended in errors be dismissed", () => {
    useVerificationStore.setState({ verifications: [hidden({ progress: 100, loading: false })] });
    renderWithShell(<NotificationStack />);
    expect(screen.getByText("Finished with errors")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss Acme" }));
    expect(useVerificationStore.getState().verifications).toEqual([]);
  });

  it("names a finished run's verdict, as the result and the drawer do", async () => {
    useVerificationStore.setState({ verifications: [hidden({ progress: 100, loading: false, isDone: true })] });
    const runs = [{ company_id: 1, status: "do_not_trade", finished: true }];
    renderWithShell(
      <SWRConfig value={{ ...swrOptions({ [MY_VERIFICATIONS_PATH]: clientData(runs) }, () => undefined), provider: () => new Map() }}>
        <NotificationStack />
      </SWRConfig>,
    );
    expect(await screen.findByText("Do not trade: click to open the result")).toBeTruthy();
  });
});
