import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyMoney } from '../api/get-dashboard';
import { chartNumber, dollars } from './format';

/** Deposits, disbursements, fees (and refunds) per month as grouped bars. */
export function MonthlyMoneyChart({ months, label }: { months: MonthlyMoney[]; label: string }) {
  const data = months.map((m) => ({ month: m.month, Deposits: chartNumber(m.deposits), Disbursed: chartNumber(m.disbursed), Fees: chartNumber(m.fees), Refunds: chartNumber(m.refunds) }));
  return (
    <div className="el-admin__chart" role="img" aria-label={label}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" fontSize={12} />
          <YAxis fontSize={12} width={72} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
          <Tooltip formatter={(v) => dollars(String(v))} />
          <Legend />
          <Bar dataKey="Deposits" fill="#1d6f42" maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="Disbursed" fill="#2a7f8e" maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="Fees" fill="#c77d00" maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="Refunds" fill="#8e3b2f" maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
