import { type CompanyNameMatch, formatAmount, parseAmount, type ScheduleVersionView, sum } from '@escrow/domain';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { type ScheduleLineRequest, useProposeSchedule } from '../api/schedule';
import { PayeeSelect } from './PayeeSelect';
import { TEXTS, totalsLine } from './texts';

interface Row {
  key: number;
  number: string;
  description: string;
  value: string;
  payee: CompanyNameMatch | null;
  rate: string;
  reducedRate: string;
  reducedAt: string;
}

let nextKey = 1;
const emptyRow = (number: string, payee: CompanyNameMatch | null): Row => ({
  key: nextKey++,
  number,
  description: '',
  value: '',
  payee,
  rate: '10',
  reducedRate: '',
  reducedAt: '',
});

const requestOf = (row: Row): ScheduleLineRequest => ({
  number: row.number.trim(),
  description: row.description.trim(),
  scheduled_value: row.value.trim(),
  payee_id: row.payee?.company_id ?? 0,
  retainage: {
    rate: row.rate.trim(),
    reduction: row.reducedRate.trim() || row.reducedAt.trim() ? { to_rate: row.reducedRate.trim(), at_percent_complete: row.reducedAt.trim() } : null,
  },
});

/**
 * The schedule of values editor (the seller): a row per line, the running total of the lines
 * against the contract sum, which must be equal before the version is proposed. The other rules
 * (item numbers, descriptions, retainage terms) are the server's, which lists every problem at
 * once: checking them here too would load the domain's retainage reading into a chunk of its own,
 * which the new-project screen's first load would pay for.
 */
export function ScheduleEditor({
  projectId,
  basedOn,
  seller,
  nameOf,
  onNamed,
  onDone,
}: {
  projectId: number;
  /** The version this one edits (its lines are the starting point), or null for the first. */
  basedOn: ScheduleVersionView | null;
  seller: CompanyNameMatch | null;
  nameOf: (companyId: number) => CompanyNameMatch;
  onNamed: (company: CompanyNameMatch) => void;
  onDone: () => void;
}) {
  const [contractSum, setContractSum] = useState(basedOn?.contract_sum ?? '');
  const [rows, setRows] = useState<Row[]>(() =>
    basedOn
      ? basedOn.lines.map((l) => ({
          key: nextKey++,
          number: l.number,
          description: l.description,
          value: l.scheduled_value,
          payee: nameOf(l.payee_id),
          rate: l.retainage.rate,
          reducedRate: l.retainage.reduction?.to_rate ?? '',
          reducedAt: l.retainage.reduction?.at_percent_complete ?? '',
        }))
      : [emptyRow('1', seller)],
  );
  const [tried, setTried] = useState(false);
  const propose = useProposeSchedule(projectId);

  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const values = rows.map((r) => parseAmount(r.value));
  const total = formatAmount(sum(values.flatMap((v) => (v ? [v] : []))));
  const agreed = parseAmount(contractSum);
  const difference = agreed ? formatAmount(agreed.minus(total)) : null;
  const balanced = difference === '0.00';
  const ready = balanced;

  const submit = () => {
    setTried(true);
    if (!ready) return;
    propose.mutate({ based_on_version_id: basedOn?.version_id ?? null, lines: rows.map(requestOf) }, { onSuccess: onDone });
  };

  const cell = (row: Row, field: 'number' | 'description' | 'value' | 'rate' | 'reducedRate' | 'reducedAt', label: string, extra = {}) => (
    <Input
      aria-label={`${label}, line ${rows.indexOf(row) + 1}`}
      value={row[field]}
      onChange={(e) => change(row.key, { [field]: e.target.value })}
      {...extra}
    />
  );

  return (
    <section aria-labelledby="schedule-editor-title">
      <h3 id="schedule-editor-title">{basedOn ? `Propose a new version of version ${basedOn.version_number}` : 'Propose the schedule of values'}</h3>
      <label className="el-field" htmlFor={`contract-sum-${projectId}`}>
        Contract sum
        <Input id={`contract-sum-${projectId}`} inputMode="decimal" value={contractSum} onChange={(e) => setContractSum(e.target.value)} />
      </label>
      <WideTable<Row>
        aria-label="Schedule of values lines"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: 'Item', key: 'number', width: 90, render: (_, r) => cell(r, 'number', 'Item number') },
          { title: 'Description', key: 'description', render: (_, r) => cell(r, 'description', 'Description') },
          { title: 'Scheduled value', key: 'value', width: 160, render: (_, r) => cell(r, 'value', 'Scheduled value', { inputMode: 'decimal', prefix: '$' }) },
          {
            title: 'Payee',
            key: 'payee',
            width: 220,
            render: (_, r) => (
              <PayeeSelect
                label={`Payee, line ${rows.indexOf(r) + 1}`}
                value={r.payee}
                seller={seller}
                onChange={(company) => {
                  onNamed(company);
                  change(r.key, { payee: company });
                }}
              />
            ),
          },
          { title: 'Retainage %', key: 'rate', width: 110, render: (_, r) => cell(r, 'rate', 'Retainage percent', { inputMode: 'decimal' }) },
          {
            title: 'Reduced to % (optional)',
            key: 'reducedRate',
            width: 130,
            render: (_, r) => cell(r, 'reducedRate', 'Reduced retainage percent', { inputMode: 'decimal' }),
          },
          {
            title: 'From % complete',
            key: 'reducedAt',
            width: 120,
            render: (_, r) => cell(r, 'reducedAt', 'Reduced from percent complete', { inputMode: 'decimal' }),
          },
          {
            title: 'Remove',
            key: 'remove',
            width: 100,
            render: (_, r) => (
              <Button
                disabled={rows.length === 1}
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                aria-label={`Remove line ${rows.indexOf(r) + 1}`}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      <div className="el-actions">
        <Button onClick={() => setRows((all) => [...all, emptyRow(String(all.length + 1), seller)])}>Add a line</Button>
      </div>
      <p role="status" aria-live="polite">
        {totalsLine(total, agreed ? formatAmount(agreed) : null, difference)}
      </p>
      {tried && !ready && <Alert type="error" showIcon role="alert" title={TEXTS.totalsMustMatch} />}
      {propose.isError && <Alert type="error" showIcon role="alert" title={errorMessage(propose.error)} />}
      <div className="el-actions">
        <Button type="primary" loading={propose.isPending} onClick={submit}>
          Propose this schedule
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </section>
  );
}
