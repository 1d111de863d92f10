// CSV as RFC 4180 writes it, made safe to open in a spreadsheet.

// A cell starting with one of these is run as a formula by Excel/Sheets/LibreOffice (OWASP "CSV
// injection"); a leading apostrophe makes it text. Customer and page names come from Facebook profiles
// and agents, so they are untrusted.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
