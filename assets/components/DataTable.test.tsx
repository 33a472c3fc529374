import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { DataTable, type Column } from "./DataTable";

interface Row {
  id: number;
  name: string;
  value: number;
}

const COLUMNS: Column<Row>[] = [
  { key: "name", label: "Importer", cell: (row) => row.name },
  { key: "value", label: "Value", cell: (row) => `$${row.value}`, numeric: true, cellClass: (row) => (row.value < 0 ? "amount--spent" : "") },
  { key: "actions", label: "Actions", cell: (row) => <button type="button">Open {row.name}</button>, action: true },
];
const ROWS: Row[] = [
  { id: 1, name: "Dutch Nuts BV", value: 1200 },
  { id: 2, name: "Nordkern Foods", value: -5 },
];

describe("DataTable", () => {
  it("names its columns for each cell and gives a phone's card the headings as labels", () => {
    renderWithShell(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} label="Importers" stack />);
    const table = screen.getByRole("table", { name: "Importers" });
    expect(table.className).toBe("data-table data-table--stack");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Importer", "Value", "Actions"]);
    const [, second] = within(table).getAllByRole("row").slice(1);
    const cells = within(second!).getAllByRole("cell");
    expect(cells.map((cell) => cell.getAttribute("data-label"))).toEqual(["Importer", "Value", null]);
    expect(cells[1]!.className).toBe("data-table__number amount--spent");
    expect(cells[2]!.className).toBe("data-table__action");
    expect(within(table).getByText("Actions").className).toBe("sr-only");
  });

  it("shows a skeleton while its rows load and its empty text when there are none", () => {
    const { rerender } = renderWithShell(<DataTable columns={COLUMNS} rows={undefined} rowKey={(row) => row.id} empty="No importers yet" />);
    expect(screen.queryByRole("table")).toBeNull();
    rerender(<DataTable columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="No importers yet" />);
    expect(screen.getByText("No importers yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("labels no field on a wide screen's table", () => {
    renderWithShell(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    expect(screen.getAllByRole("cell").every((cell) => !cell.hasAttribute("data-label"))).toBe(true);
  });
});
