import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { Drawer } from "./Drawer";

function Page({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Drawer title="My Verification" description={description} onClose={() => setOpen(false)} width="narrow">
          <a href="/lead-verification/1">Nordkern Foods</a>
        </Drawer>
      )}
    </>
  );
}

describe("Drawer", () => {
  it("is a named modal dialog that Escape closes, giving focus back", () => {
    renderWithShell(<Page />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const drawer = screen.getByRole("dialog", { name: "My Verification" });
    expect(drawer.getAttribute("aria-modal")).toBe("true");
    expect(drawer.className).toContain("drawer--narrow");
    expect(drawer.hasAttribute("aria-describedby")).toBe(false); // no description, none named
    expect(document.activeElement).toBe(drawer);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("describes itself when given a description", () => {
    renderWithShell(<Page description="Importer · Germany" />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog", { name: "My Verification" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Importer · Germany")).toBeTruthy();
  });
});
