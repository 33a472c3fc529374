import { useState, type Key, type ReactNode } from "react";
import { Skeleton } from "../shell/Skeleton";

export type SortDirection = "ascending" | "descending";

/** The column a table is sorted by, and which way. */
export interface SortOrder {
  key: string;
  direction: SortDirection;
}

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
  /** The row's name: its cell is the row's header for screen readers. */
  rowHeader?: boolean;
  /** What the heading shows instead of the label, e.g. a box that selects every row. */
  heading?: ReactNode;
  /** Whether a phone's card labels the cell with its heading; by default every field of a stacked table. */
  cardLabel?: boolean;
  /** A class of the column's heading and cells, e.g. the room a name needs. */
  className?: string;
  /** A class of the row's cell, e.g. the colour of a credit or a debit. */
  cellClass?: (row: Row) => string;
  /** The column sorts: on the server when the table has `onSort`, else by this value of each row. */
  sortValue?: (row: Row) => number | string | null;
  /** The column sorts on the server (the table's `onSort`). */
  sortable?: boolean;
}

interface Props<Row> {
  columns: readonly Column<Row>[];
  /** Undefined while they load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  /** What the table shows when there are no rows: a text, or a node of its own. */
  empty?: ReactNode;
  /** The table's name for assistive technology (a caption screen readers read). */
  caption?: string;
  /** On a phone, each row becomes a card of labelled fields. */
  stack?: boolean;
  /** A class of a row, e.g. one to draw attention to. */
  rowClass?: (row: Row) => string | undefined;
  className?: string;
  /** The order shown; with `onSort` the caller sorts, without it the table sorts its rows itself. */
  sort?: SortOrder;
  onSort?: (order: SortOrder) => void;
  /** The next rows are loading while these stay shown. */
  busy?: boolean;
  /** For screen readers only, e.g. the figures of a chart. */
  hidden?: boolean;
}

/** The order a heading's click sets: figures largest first, and a second click turns it round. */
export function nextOrder(current: SortOrder | undefined, key: string): SortOrder {
  const turned = current?.key === key && current.direction === "descending";
  return { key, direction: turned ? "ascending" : "descending" };
}

function kindClass<Row>(column: Column<Row>): string | undefined {
  if (column.numeric) return "data-table__number";
  if (column.action) return "data-table__action";
  return column.nowrap ? "data-table__nowrap" : undefined;
}

function classes(...names: (string | false | undefined)[]): string | undefined {
  return names.filter(Boolean).join(" ") || undefined;
}

function compare(left: number | string | null, right: number | string | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  if (typeof left === "number" && typeof right === "number") return left - right;
  return String(left).localeCompare(String(right));
}

/** The rows in the order of a column's values; rows without a value come last either way. */
function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], order: SortOrder | undefined): readonly Row[] {
  const value = columns.find((column) => column.key === order?.key)?.sortValue;
  if (!order || !value) return rows;
  const sign = order.direction === "ascending" ? 1 : -1;
  return [...rows].sort((left, right) => {
    const [a, b] = [value(left), value(right)];
    if (a === null || b === null) return compare(a, b);
    return sign * compare(a, b);
  });
}

function SortHeading({ label, direction, onSort }: { label: string; direction: SortDirection | "none"; onSort: () => void }) {
  const marks = { ascending: "▲", descending: "▼", none: "↕" };
  return (
    <button type="button" className="sort-button" onClick={onSort}>
      {label}
      <span className="sort-button__mark" aria-hidden="true">
        {marks[direction]}
      </span>
    </button>
  );
}

/**
 * A table of rows, the one way the product shows one: column headings as `th scope="col"` (a
 * sortable one as a button with `aria-sort`), a skeleton while the rows load, the empty text when
 * there are none, a box of its own to scroll a wide table in, and on a phone (`stack`) a card per
 * row whose fields say their headings.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { columns, rows, rowKey, empty, caption, stack = false, rowClass, className, onSort, busy, hidden = false } = props;
  const [ownOrder, setOwnOrder] = useState(props.sort);
  const order = onSort ? props.sort : ownOrder;
  if (rows === undefined) return <Skeleton />;
  if (rows.length === 0) return typeof empty === "string" ? <p className="table-empty">{empty}</p> : (empty ?? null);
  const sortBy = (key: string) => (onSort ?? setOwnOrder)(nextOrder(order, key));
  const shown = onSort ? rows : sortRows(rows, columns, order);
  const labelled = (column: Column<Row>) => column.cardLabel ?? (stack && !column.action);
  const sorted = (column: Column<Row>) =>
    column.sortable || column.sortValue ? (order?.key === column.key ? order.direction : "none") : undefined;
  const heading = (column: Column<Row>) => {
    const direction = sorted(column);
    if (column.heading !== undefined) return column.heading;
    if (column.action) return <span className="sr-only">{column.label}</span>;
    if (!direction) return column.label;
    return <SortHeading label={column.label} direction={direction} onSort={() => sortBy(column.key)} />;
  };
  return (
    <div className={hidden ? "sr-only" : "table-scroll"} aria-busy={busy}>
      <table className={hidden ? undefined : classes("data-table", stack && "data-table--stack", className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={classes(column.numeric && "data-table__number", column.className)} aria-sort={sorted(column)}>
                {heading(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <tr key={rowKey(row, index)} className={rowClass?.(row)}>
              {columns.map((column) => {
                const Cell = column.rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={column.key}
                    scope={column.rowHeader ? "row" : undefined}
                    className={classes(kindClass(column), column.className, column.cellClass?.(row))}
                    data-label={labelled(column) ? column.label : undefined}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
