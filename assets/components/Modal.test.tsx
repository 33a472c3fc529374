import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { Modal } from "./Modal";

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="/elsewhere">Elsewhere</a>
      {open && (
        <Modal title="Plans" description="Choose one" onClose={() => setOpen(false)}>
          <button type="button">Buy</button>
        </Modal>
      )}
    </>
  );
}

describe("Modal", () => {
  it("makes the page behind it inert, keeps Tab inside and gives focus back on close", () => {
    renderWithShell(<Page />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Plans" });
    expect(document.activeElement).toBe(dialog);
    expect(opener.closest("[inert]")).not.toBeNull();
    expect(screen.getByText("Elsewhere").closest("[inert]")).not.toBeNull();
    expect(dialog.closest("[inert]")).toBeNull();

    const buy = screen.getByRole("button", { name: "Buy" });
    buy.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(buy);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector("[inert]")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
