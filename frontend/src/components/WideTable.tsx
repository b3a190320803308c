import { Table, type TableProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import './wide-table.css';

/**
 * A table that may be wider than the screen: it scrolls sideways inside its own box, and says so
 * whenever columns are out of sight (a phone, a narrow window), so nobody takes the visible
 * columns for all of them. Columns marked `fixed` (the name, the actions) stay in view.
 */
export function WideTable<T extends object>({ hintLabel, ...props }: TableProps<T> & { hintLabel?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const root = box.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const scroller = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      setCut(Boolean(scroller && scroller.scrollWidth > scroller.clientWidth + 1));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    const table = root.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [props.dataSource]);
  const columns = props.columns?.length ?? 0;
  return (
    <div ref={box} className="el-wide-table">
      {cut && (
        <p className="el-wide-table__hint" role="note">
          {hintLabel ?? `Scroll sideways to see all ${columns} columns`} →
        </p>
      )}
      <Table<T> {...props} />
    </div>
  );
}
