import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useNotificationStore } from "../stores/notifications";
import { NotificationStack, noticeTop } from "./NotificationStack";

beforeEach(() => {
  useNotificationStore.setState({ notices: [] });
});

describe("NotificationStack", () => {
  it("is empty with no verifications running", () => {
    const { container } = render(<NotificationStack />);
    expect(container.querySelector(".notice-stack")?.childElementCount).toBe(0);
  });

  it("stacks 300px cards 24px from the top plus 80px per index", () => {
    expect([0, 1, 2].map(noticeTop)).toEqual([24, 104, 184]);
    useNotificationStore.setState({
      notices: [
        { companyId: "1", name: "Acme", progress: 50, isDone: false },
        { companyId: "2", name: "Blue Farm", progress: 100, isDone: true },
      ],
    });
    render(<NotificationStack />);
    const second = screen.getByText("Blue Farm").closest("button")!;
    expect(second.style.top).toBe("104px");
    expect(second.style.width).toBe("300px");
  });

  it("opens a finished verification in a new tab and removes it; unfinished ones do nothing", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    useNotificationStore.setState({
      notices: [
        { companyId: "1", name: "Acme", progress: 50, isDone: false },
        { companyId: "2", name: "Blue Farm", progress: 100, isDone: true },
      ],
    });
    render(<NotificationStack />);
    fireEvent.click(screen.getByText("Acme"));
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText("Blue Farm"));
    expect(open).toHaveBeenCalledWith("/lead-verification/2", "_blank", "noopener");
    expect(useNotificationStore.getState().notices.map((notice) => notice.companyId)).toEqual(["1"]);
  });
});
