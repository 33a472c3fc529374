import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { Pagination } from "./Pagination";

const noop = () => undefined;

describe("Pagination", () => {
  it("shows an exact total as it is", () => {
    renderWithShell(<Pagination page={1} pageSize={25} total={812} pageSizes={[25]} onPage={noop} onPageSize={noop} />);
    expect(screen.getByText("812 in total")).toBeTruthy();
  });

  it("says 'about' when the total is an estimate", () => {
    renderWithShell(
      <Pagination page={1} pageSize={25} total={167540} totalIsEstimate pageSizes={[25]} onPage={noop} onPageSize={noop} />,
    );
    expect(screen.getByText("about 167,540 in total")).toBeTruthy();
  });

  it("keeps focus on a button when Previous reaches the first page or Next the last", () => {
    function Paged() {
      const [page, setPage] = useState(2);
      return <Pagination page={page} pageSize={25} total={75} pageSizes={[25]} onPage={setPage} onPageSize={noop} />;
    }
    renderWithShell(<Paged />);
    const previous = screen.getByRole("button", { name: "Previous" });
    const next = screen.getByRole("button", { name: "Next" });
    previous.focus();
    fireEvent.click(previous);
    expect(previous).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(next).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(previous);
  });
});
