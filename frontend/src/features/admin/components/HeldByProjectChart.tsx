import type { HeldByProjectRow } from '@escrow/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { chart, fontSize, space } from '../../../design/tokens';
import { heldChartHeight } from './ChartPlaceholder';
import { chartNumber, dollars } from './format';

/** What each project holds now, one horizontal bar per project (the table below has the exact figures). */
export function HeldByProjectChart({ projects, label }: { projects: HeldByProjectRow[]; label: string }) {
  return (
    <div className="el-admin__chart" style={{ height: heldChartHeight(projects.length) }} role="img" aria-label={label}>
      <ResponsiveContainer>
        <BarChart
          layout="vertical"
          data={projects.map((p) => ({ project: `#${p.job_id}`, Held: chartNumber(p.held) }))}
          margin={{ left: space.xs, right: space.base }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" fontSize={fontSize.sm} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
          <YAxis type="category" dataKey="project" fontSize={fontSize.sm} width={56} />
          <Tooltip formatter={(v) => dollars(String(v))} />
          <Bar dataKey="Held" fill={chart.green} maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
