import type { Key, ReactNode } from "react";
import { Skeleton } from "../shell/Skeleton";

/** One column of a DataTable: its heading and how a row fills its cell. */
export interface Column<Row> {
  /** Unique in its table. */
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** A figure: right-aligned, in tabular digits. */
  numeric?: boolean;
  /** A date or a code, kept on one line. */
  nowrap?: boolean;
  /** The row's buttons: their heading is for screen readers only, and a phone's card shows none. */
  action?: boolean;
  /** A class of the row's cell, e.g. the colour of a credit or a debit. */
  cellClass?: (row: Row) => string;
}

interface Props<Row> {
  columns: readonly Column<Row>[];
  /** Undefined while they load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  /** What the table shows when there are no rows. */
  empty?: ReactNode;
  /** The table's name, for assistive technology when no heading names it. */
  label?: string;
  /** On a phone, each row becomes a card of labelled fields. */
  stack?: boolean;
  /** A class of a row, e.g. one to draw attention to. */
  rowClass?: (row: Row) => string | undefined;
  className?: string;
}

function kindClass<Row>(column: Column<Row>): string | undefined {
  if (column.numeric) return "data-table__number";
  if (column.action) return "data-table__action";
  return column.nowrap ? "data-table__nowrap" : undefined;
}

function cellClasses<Row>(column: Column<Row>, row: Row): string | undefined {
  return [kindClass(column), column.cellClass?.(row)].filter(Boolean).join(" ") || undefined;
}

/**
 * A table of rows, the one way the product shows one: column headings as `th scope="col"`, a
 * skeleton while the rows load, the empty text when there are none, a box of its own to scroll
 * a wide table in, and on a phone (`stack`) a card per row whose fields say their headings.
 */
export function DataTable<Row>({ columns, rows, rowKey, empty, label, stack = false, rowClass, className }: Props<Row>) {
  if (rows === undefined) return <Skeleton />;
  if (rows.length === 0) return empty ? <p className="table-empty">{empty}</p> : null;
  const classes = ["data-table", stack && "data-table--stack", className].filter(Boolean).join(" ");
  return (
    <div className="table-scroll">
      <table className={classes} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? "data-table__number" : undefined}>
                {column.action ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={rowClass?.(row)}>
              {columns.map((column) => (
                <td key={column.key} className={cellClasses(column, row)} data-label={stack && !column.action ? column.label : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
