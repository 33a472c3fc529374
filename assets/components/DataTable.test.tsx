import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithShell } from "../testing/render";
import { DataTable, nextOrder, type Column } from "./DataTable";

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
    renderWithShell(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} caption="Importers" stack />);
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

  it("sorts its own rows by a heading's click, largest first, then turned round, rows without a value last", () => {
    const rows = [...ROWS, { id: 3, name: "Ha Long Trading", value: 300 }, { id: 4, name: "Unpriced Ltd", value: Number.NaN }];
    const sortable: Column<Row>[] = [
      COLUMNS[0]!,
      { ...COLUMNS[1]!, sortValue: (row) => (Number.isNaN(row.value) ? null : row.value) },
    ];
    renderWithShell(<DataTable columns={sortable} rows={rows} rowKey={(row) => row.id} />);
    const names = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0]!.textContent);
    const value = screen.getByRole("columnheader", { name: /Value/ });
    expect(names()).toEqual(["Dutch Nuts BV", "Nordkern Foods", "Ha Long Trading", "Unpriced Ltd"]);
    expect(value.getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Importer" }).hasAttribute("aria-sort")).toBe(false);

    fireEvent.click(within(value).getByRole("button"));
    expect(value.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Dutch Nuts BV", "Ha Long Trading", "Nordkern Foods", "Unpriced Ltd"]);
    fireEvent.click(within(value).getByRole("button"));
    expect(value.getAttribute("aria-sort")).toBe("ascending");
    expect(names()).toEqual(["Nordkern Foods", "Ha Long Trading", "Dutch Nuts BV", "Unpriced Ltd"]);
  });

  it("leaves the order to its caller when the caller sorts", () => {
    const onSort = vi.fn();
    const columns: Column<Row>[] = [COLUMNS[0]!, { ...COLUMNS[1]!, sortable: true }];
    renderWithShell(
      <DataTable columns={columns} rows={ROWS} rowKey={(row) => row.id} sort={{ key: "value", direction: "descending" }} onSort={onSort} busy />,
    );
    const value = screen.getByRole("columnheader", { name: /Value/ });
    expect(value.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(value).getByRole("button"));
    expect(onSort).toHaveBeenCalledWith({ key: "value", direction: "ascending" });
    // The caller's rows stay in the caller's order until it answers.
    expect(screen.getAllByRole("row")[1]!.textContent).toContain("Dutch Nuts BV");
    expect(screen.getByRole("table").parentElement!.getAttribute("aria-busy")).toBe("true");
  });

  it("turns a column round only on its second click", () => {
    expect(nextOrder(undefined, "value")).toEqual({ key: "value", direction: "descending" });
    expect(nextOrder({ key: "value", direction: "descending" }, "value")).toEqual({ key: "value", direction: "ascending" });
    expect(nextOrder({ key: "value", direction: "ascending" }, "value")).toEqual({ key: "value", direction: "descending" });
    expect(nextOrder({ key: "date", direction: "descending" }, "value")).toEqual({ key: "value", direction: "descending" });
  });

  it("gives a row its header, a heading of the caller's own and a screen-reader table its caption", () => {
    const columns: Column<Row>[] = [
      { key: "name", label: "Importer", cell: (row) => row.name, rowHeader: true },
      { key: "pick", label: "Select all", heading: <input type="checkbox" aria-label="Select all" />, cell: () => "" },
      { ...COLUMNS[1]!, cardLabel: true },
    ];
    renderWithShell(<DataTable columns={columns} rows={ROWS} rowKey={(row) => row.id} caption="Importers by value" hidden />);
    const table = screen.getByRole("table", { name: "Importers by value" });
    expect(table.parentElement!.className).toBe("sr-only");
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["Dutch Nuts BV", "Nordkern Foods"]);
    expect(within(table).getByRole("checkbox", { name: "Select all" })).toBeTruthy();
    expect(within(table).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual([null, "Value", null, "Value"]);
  });
});
