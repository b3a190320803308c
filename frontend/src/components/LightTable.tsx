import './wide-table.css';
import './light-table.css';

import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

import { CaretDownOutlinedIcon, CaretUpOutlinedIcon } from './sort-icons';

export type SortOrder = 'ascend' | 'descend';

/** A column, in the words of antd's Table (so a column moves between the two unchanged). */
export interface LightColumn<T> {
  title: string;
  /** The row's field shown when there is no `render`, and given to it as its first argument. */
  dataIndex?: keyof T & string;
  render?: (value: unknown, row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Stays in view while the rest scrolls sideways: the first column to the left, the last to the right. */
  fixed?: 'left' | 'right';
  width?: number;
  /** Makes the column sortable by its header's button. */
  sorter?: (a: T, b: T) => number;
  defaultSortOrder?: SortOrder;
}

const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

/**
 * antd's Table under our theme (light-table.css, from the design tokens) in plain HTML, for pages that show a list and need nothing else of antd's Table
 * (no pagination, filters, selection or expandable rows): it costs no UI library on the page's
 * first load. It reads like `WideTable`: every header a `th scope="col"`, the row's naming column
 * (`rowHeader`, the first by default) a `th scope="row"`; it scrolls sideways inside its own box
 * and, whenever columns are out of sight, says so and takes the focus so a keyboard can scroll it
 * (WCAG 2.1.1). A sortable column's header is a button, and the sorted column says its order
 * (`aria-sort`).
 */
export function LightTable<T extends object>({
  columns,
  rows,
  rowKey,
  label,
  empty,
  minWidth,
  size = 'middle',
  rowHeader = 0,
}: {
  columns: LightColumn<T>[];
  rows: T[];
  rowKey: keyof T & string;
  label: string;
  empty?: ReactNode;
  /** The width below which the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  size?: 'small' | 'middle';
  rowHeader?: number | false;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCut(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [rows]);

  const initial = columns.findIndex((c) => c.defaultSortOrder);
  const [sort, setSort] = useState<{ column: number; order: SortOrder } | null>(
    initial >= 0 ? { column: initial, order: columns[initial]!.defaultSortOrder! } : null,
  );
  const sorted = useMemo(() => {
    const sorter = sort ? columns[sort.column]?.sorter : undefined;
    if (!sort || !sorter) return rows;
    return [...rows].sort((a, b) => (sort.order === 'ascend' ? sorter(a, b) : sorter(b, a)));
  }, [rows, columns, sort]);

  const cellClass = (c: LightColumn<T>, i: number, head = false) =>
    [
      'el-light-table__cell',
      c.align === 'right' && 'el-light-table__cell--right',
      c.fixed && `el-light-table__cell--fixed-${c.fixed}`,
      head && c.sorter && 'el-light-table__cell--sortable',
      sort?.column === i && 'el-light-table__cell--sorted',
    ]
      .filter(Boolean)
      .join(' ');
  const valueOf = (c: LightColumn<T>, row: T): ReactNode => {
    const value = c.dataIndex === undefined ? undefined : row[c.dataIndex];
    return c.render ? c.render(value, row) : (value as ReactNode);
  };

  // No rows: a sentence, not a table of headers over nothing.
  if (rows.length === 0) return <p className="el-light-table__empty">{empty ?? 'Nothing to show.'}</p>;
  return (
    <div className={`el-wide-table el-light-table el-light-table--${size}`}>
      {cut && (
        <p className="el-wide-table__hint" role="note">
          Scroll sideways to see all {columns.length} columns →
        </p>
      )}
      <div ref={scroller} className="el-light-table__scroller" {...(cut ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}>
        <table aria-label={label} style={minWidth ? { minWidth } : undefined}>
          <thead>
            <tr>
              {columns.map((c, i) => {
                const order = sort?.column === i ? sort.order : undefined;
                return (
                  <th
                    key={i}
                    scope="col"
                    className={cellClass(c, i, true)}
                    style={c.width ? { width: c.width } : undefined}
                    aria-sort={order && ARIA_SORT[order]}
                  >
                    {c.sorter ? (
                      <button
                        type="button"
                        className="el-light-table__sort"
                        onClick={() => setSort({ column: i, order: order === 'ascend' ? 'descend' : 'ascend' })}
                      >
                        <span>{c.title}</span>
                        <span aria-hidden="true" className="el-light-table__sorter">
                          <CaretUpOutlinedIcon className={order === 'ascend' ? 'el-icon--active' : undefined} />
                          <CaretDownOutlinedIcon className={order === 'descend' ? 'el-icon--active' : undefined} />
                        </span>
                      </button>
                    ) : (
                      c.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row[rowKey] as Key}>
                {columns.map((c, i) =>
                  i === rowHeader ? (
                    <th key={i} scope="row" className={cellClass(c, i)}>
                      {valueOf(c, row)}
                    </th>
                  ) : (
                    <td key={i} className={cellClass(c, i)}>
                      {valueOf(c, row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
