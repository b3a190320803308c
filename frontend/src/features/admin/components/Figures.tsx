import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Figure {
  id: string;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
}

/** Headline figures as a definition list: each label names its value for screen readers and tests. */
export function Figures({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <dl className="el-admin__figures" aria-label={label}>
      {figures.map((f) => (
        <div key={f.id} className="el-admin__figure">
          <dt id={`figure-${f.id}`}>{f.label}</dt>
          <dd aria-labelledby={`figure-${f.id}`} data-testid={`figure-${f.id}`}>
            {f.to ? <Link to={f.to}>{f.value}</Link> : f.value}
            {f.note && <small> {f.note}</small>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
