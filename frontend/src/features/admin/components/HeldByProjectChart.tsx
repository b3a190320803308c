import type { HeldByProjectRow } from '@escrow/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { heldChartHeight } from './ChartPlaceholder';
import { chartNumber, dollars } from './format';

/** What each project holds now, one horizontal bar per project (the table below has the exact figures). */
export function HeldByProjectChart({ projects, label }: { projects: HeldByProjectRow[]; label: string }) {
  return (
    <div className="el-admin__chart" style={{ height: heldChartHeight(projects.length) }} role="img" aria-label={label}>
      <ResponsiveContainer>
        <BarChart layout="vertical" data={projects.map((p) => ({ project: `#${p.job_id}`, Held: chartNumber(p.held) }))} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" fontSize={12} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
          <YAxis type="category" dataKey="project" fontSize={12} width={56} />
          <Tooltip formatter={(v) => dollars(String(v))} />
          <Bar dataKey="Held" fill="#1d6f42" maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
