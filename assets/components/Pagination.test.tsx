import { screen } from "@testing-library/react";
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
});
