// Cells of the files the browser builds for download, neutralised against formula injection
// (OWASP, "CSV Injection"): text a spreadsheet would run as a formula (starting with =, +, -,
// @, a tab or a carriage return) gets a leading single quote. Numbers stay numbers.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a downloaded file may hold it: formula-starting text prefixed with a quote. */
export function safeCell<T extends string | number | null | undefined>(value: T): T | string {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised, then quoted when it holds a quote, a comma or a line end. */
export function csvField(value: string | number | null | undefined): string {
  const safe = safeCell(value);
  const text = safe === null || safe === undefined ? "" : String(safe);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, lines ended by CRLF as RFC 4180 writes them. */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
