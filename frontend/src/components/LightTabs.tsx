import './light-tabs.css';

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface LightTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * antd's line Tabs (light-tabs.css, from the design tokens) without the library (antd's Tabs bring
 * its menu and dropdown, ~20 KB gzip), the only tabs drawn outside antd: a tablist of
 * buttons with aria-selected, arrow keys, Home and End between them (WAI-ARIA tabs pattern,
 * automatic activation), and a tabpanel per tab. A panel renders the first time its tab opens and
 * stays mounted after, hidden, so what it holds (a form half typed) survives a switch.
 */
export function LightTabs({ items, label }: { items: LightTab[]; label?: string }) {
  const [active, setActive] = useState(items[0]?.key ?? '');
  const [opened, setOpened] = useState<Set<string>>(() => new Set([items[0]?.key ?? '']));
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const open = (index: number) => {
    const item = items[index];
    if (!item) return;
    setActive(item.key);
    setOpened((seen) => (seen.has(item.key) ? seen : new Set(seen).add(item.key)));
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    open(to);
  };
  return (
    <div className="el-tabs">
      <div role="tablist" aria-label={label} className="el-tabs__list">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className="el-tabs__tab"
            onClick={() => open(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="el-tabs__label">{item.label}</span>
          </button>
        ))}
      </div>
      {items.map((item) =>
        opened.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== active}
            className="el-tabs__panel"
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
