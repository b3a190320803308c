import './wide-table.css';

import { Table, type TableProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * A table that may be wider than the screen: it scrolls sideways inside its own box, and says so
 * whenever columns are out of sight (a phone, a narrow window), so nobody takes the visible
 * columns for all of them. Columns marked `fixed` (the name, the actions) stay in view.
 *
 * For screen readers every header cell is a `th scope="col"` (antd does that for titled columns)
 * and the column that names the row (`rowHeader`, the first by default) is a `th scope="row"`, so
 * each cell is read with its column and its row. A box that scrolls can be focused, so a keyboard
 * can scroll it too (WCAG 2.1.1).
 */
export function WideTable<T extends object>({
  hintLabel,
  rowHeader = 0,
  columns,
  ...props
}: TableProps<T> & { hintLabel?: string; rowHeader?: number | false }) {
  const box = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  const name = (props as { 'aria-label'?: string })['aria-label'];
  useEffect(() => {
    const root = box.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const scroller = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const scrolls = Boolean(scroller && scroller.scrollWidth > scroller.clientWidth + 1);
      setCut(scrolls);
      if (!scroller) return;
      if (scrolls) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', `${name ?? 'Table'} (scrolls sideways)`);
      } else {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    const table = root.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [props.dataSource, name]);
  const withRowHeader = useMemo(
    () => (rowHeader === false || !columns ? columns : columns.map((c, i) => (i === rowHeader && !('rowScope' in c) ? { ...c, rowScope: 'row' as const } : c))),
    [columns, rowHeader],
  );
  const count = columns?.length ?? 0;
  return (
    <div ref={box} className="el-wide-table">
      {cut && (
        <p className="el-wide-table__hint" role="note">
          {hintLabel ?? `Scroll sideways to see all ${count} columns`} →
        </p>
      )}
      <Table<T> {...props} columns={withRowHeader} />
    </div>
  );
}
