import type { Cellval } from '../core/table.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { toolStamp } from '../io/build.js';
import { writeTableFile } from '../io/csv.js';

/** A column of a one-row-a-decision CSV: what it means (for FILE.meta.json) and its cell. */
export interface RowColumn<T> {
  doc: string;
  cell: (row: T) => Cellval;
}

/**
 * Writes `rows` to `file` as the table `name`, one column a key of `columns` in order, with
 * FILE.meta.json beside it (both or neither): the tool's stamp, the command, `about` (the
 * run's figures) and each column's meaning. `review --csv` and `benchmark --csv` write theirs so.
 */
export function writeRows<T>(
  file: string,
  name: string,
  command: string,
  columns: Record<string, RowColumn<T>>,
  rows: readonly T[],
  about: Record<string, unknown>,
): void {
  const cols = Object.entries(columns);
  const table = { name, columns: cols.map(([c]) => c), rows: rows.map((r) => cols.map(([, c]) => c.cell(r))) };
  const docs = Object.fromEntries(cols.map(([c, { doc }]) => [c, doc]));
  writeTableFile(file, table, { ...toolStamp(), command, ...about, columns: columnDictionary(table, docs) });
}
