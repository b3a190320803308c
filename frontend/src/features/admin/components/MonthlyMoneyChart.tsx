import type { MonthlyMoneyRow } from '@escrow/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { chart, fontSize, space } from '../../../design/tokens';
import { type Series, useSeriesPatterns } from './ChartPatterns';
import { chartNumber, dollars } from './format';

const SERIES: Series[] = [
  { key: 'Deposits', colour: chart.green, pattern: 'solid' },
  { key: 'Disbursed', colour: chart.teal, pattern: 'stripes' },
  { key: 'Fees', colour: chart.amber, pattern: 'dots' },
  { key: 'Refunds', colour: chart.brick, pattern: 'crosshatch' },
];

/** Deposits, disbursements, fees (and refunds) per month as grouped bars, each series with its own pattern. */
export function MonthlyMoneyChart({ months, label }: { months: MonthlyMoneyRow[]; label: string }) {
  const { defs, fill } = useSeriesPatterns(SERIES);
  const data = months.map((m) => ({
    month: m.month,
    Deposits: chartNumber(m.deposits),
    Disbursed: chartNumber(m.disbursed),
    Fees: chartNumber(m.fees),
    Refunds: chartNumber(m.refunds),
  }));
  return (
    <div className="el-admin__chart" role="img" aria-label={label}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ left: space.xs, right: space.xs }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" fontSize={fontSize.sm} />
          <YAxis fontSize={fontSize.sm} width={72} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
          <Tooltip formatter={(v) => dollars(String(v))} />
          <Legend />
          {defs}
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} fill={fill(s.key)} stroke={s.colour} maxBarSize={28} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
