/** A column type as projectors write it: the cast of its `unnest` array, and how COPY spells it. */
type ColumnType = 'int' | 'smallint' | 'text' | 'boolean' | 'numeric' | 'jsonb' | 'timestamptz' | 'uuid';

/**
 * How items of one kind become rows of one read-model table. Written once, used by both ways a
 * projector writes: a live batch (`INSERT … SELECT * FROM unnest(…)`) and a rebuild (`COPY`), so
 * the two can never write different rows.
 */
export interface TableRows<T> {
  readonly table: string;
  readonly columns: readonly (readonly [name: string, type: ColumnType])[];
  /** The row's values in column order: strings, numbers, booleans or null (jsonb as JSON text). */
  row(item: T): unknown[];
}

/** The items of one table's rows: what a projector hands to a writer. */
export interface RowSet<T = unknown> {
  rows: TableRows<T>;
  items: readonly T[];
}

export function rowSet<T>(rows: TableRows<T>, items: readonly T[]): RowSet {
  return { rows, items } as RowSet;
}

/** Column arrays for `INSERT … SELECT * FROM unnest(…)`: one statement for many rows. */
export function columns<T>(rows: readonly T[], pick: (row: T) => unknown[]): unknown[][] {
  const width = rows.length > 0 ? pick(rows[0]!).length : 0;
  const out: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) pick(row).forEach((value, i) => out[i]!.push(value));
  return out;
}

export interface BulkInsert {
  /** `INSERT … SELECT * FROM unnest($1, $2, …)`, numbered from $1. */
  sql: string;
  /** Its column arrays (see `columns`). */
  columns: unknown[][];
}

/** The `unnest` insert of a row set into a physical table (a rebuild's shadow or the live one). */
export function unnestInsert({ rows, items }: RowSet, physicalTable: string): BulkInsert {
  const names = rows.columns.map(([name]) => name).join(', ');
  const arrays = rows.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  return { sql: `INSERT INTO ${physicalTable} (${names}) SELECT * FROM unnest(${arrays})`, columns: columns(items, (item) => rows.row(item)) };
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: `\N` is NULL; backslash, tab and line breaks are escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** A row set as COPY text lines (each ending with a line break). */
export function copyLines({ rows, items }: RowSet): string {
  let out = '';
  for (const item of items) out += rows.row(item).map(copyValue).join('\t') + '\n';
  return out;
}
