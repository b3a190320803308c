import {
  type CompanyNameMatch,
  formatDollars,
  lineProblems,
  money,
  payApplicationFigures,
  type PayApplicationView,
  type ProgressBillingView,
  readApplicationLines,
  type RefusalProblem,
} from '@escrow/domain';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useSubmitPayApplication } from '../api/pay-applications';
import { BillingFilesField } from './BillingFiles';
import { applicationInputs, billedLinesOf, billingLineOf, EMPTY_LINE, previousStored, toDateOf, type TypedLine } from './figures';
import { G702Summary } from './G702Summary';
import { TEXTS } from './texts';

type Row = ReturnType<typeof payApplicationFigures>['lines'][number];

/** What the seller typed before, when revising: the percentage if one was typed, else the amount. */
function typedOf(application: PayApplicationView | null): Record<string, TypedLine> {
  if (!application) return {};
  return Object.fromEntries(
    billedLinesOf(application).map((l) => [
      l.line,
      {
        amount: l.workPercent === null && l.workThisPeriod !== '0.00' ? l.workThisPeriod : '',
        percent: l.workPercent ?? '',
        stored: l.storedMaterials,
        evidence: l.evidence,
      },
    ]),
  );
}

/**
 * The pay-application grid (the seller): per line this period's work as an amount or a
 * percentage of the scheduled value and the materials stored; every G703 column and the G702
 * summary follow as they type, computed by the domain's calculator on what the certificates say so
 * far, and each line's problems are the domain's own rules. `revise`: a new revision of the open
 * application, starting from what it billed.
 */
export function PayApplicationGrid({
  projectId,
  view,
  revise,
  nameOf,
  onDone,
}: {
  projectId: number;
  view: ProgressBillingView;
  revise: PayApplicationView | null;
  nameOf: (companyId: number) => CompanyNameMatch;
  onDone: () => void;
}) {
  const [periodTo, setPeriodTo] = useState(revise?.period_to ?? '');
  const [typed, setTyped] = useState<Record<string, TypedLine>>(() => typedOf(revise));
  const [tried, setTried] = useState(false);
  const submit = useSubmitPayApplication(projectId);

  const schedule = view.lines.map(billingLineOf);
  const previous = toDateOf(view.lines);
  const inputs = applicationInputs(typed);
  const problems: RefusalProblem[] = [];
  const billed = readApplicationLines(schedule, previous, inputs, problems);
  problems.push(...lineProblems(schedule, previous, billed, 'seller'));
  if (!periodTo) problems.push({ code: 'period', line: null, message: 'Give the last day of the period billed.' });
  const figures = payApplicationFigures(schedule, previous, billed);
  const problemsOf = (line: string) => problems.filter((p) => p.line === line);
  const evidenceNeeded = problems.some((p) => p.code === 'stored_evidence_required');
  // A line whose stored materials grow takes their files; one that has files keeps showing them.
  const takesFiles = (line: string) =>
    (typed[line]?.evidence.length ?? 0) > 0 || billed.some((b) => b.line === line && money(b.storedMaterials).gt(previousStored(previous, line)));

  const type = (line: string, patch: Partial<TypedLine>) => setTyped((all) => ({ ...all, [line]: { ...(all[line] ?? EMPTY_LINE), ...patch } }));

  const send = () => {
    setTried(true);
    if (problems.length > 0) return;
    submit.mutate(
      {
        revise: revise ? revise.application_number : null,
        period_to: periodTo,
        lines: inputs.map((i) => ({
          line: String(i.line),
          ...(i.workAmount !== undefined && { work_amount: String(i.workAmount) }),
          ...(i.workPercent !== undefined && { work_percent: String(i.workPercent) }),
          ...(i.storedMaterials !== undefined && { stored_materials: String(i.storedMaterials) }),
          ...(i.evidence !== undefined && { evidence: i.evidence as string[] }),
        })),
      },
      { onSuccess: onDone },
    );
  };

  const dollars = (v: string) => formatDollars(v);
  return (
    <section aria-labelledby="pay-application-grid-title">
      <h3 id="pay-application-grid-title">{revise ? `Revise pay application ${revise.application_number}` : 'New pay application'}</h3>
      <label className="el-field" htmlFor={`period-to-${projectId}`}>
        Period to (the last day of the period billed)
        <Input id={`period-to-${projectId}`} type="date" value={periodTo} onChange={(e) => setPeriodTo(e.target.value)} />
      </label>
      <p className="el-muted">
        Type this period&apos;s work on each line as an amount or as a percentage of its scheduled value; materials stored are what is stored at the end of the
        period (empty: as last certified).
      </p>
      <WideTable<Row>
        aria-label="Continuation sheet"
        rowKey="line"
        size="small"
        pagination={false}
        dataSource={figures.lines}
        columns={[
          { title: 'A Item', dataIndex: 'line', fixed: 'left', width: 70 },
          { title: 'B Description', dataIndex: 'description', width: 160 },
          { title: 'C Scheduled value', dataIndex: 'scheduledValue', align: 'right', render: dollars },
          { title: 'D From previous applications', dataIndex: 'previous', align: 'right', render: dollars },
          {
            title: 'This period ($)',
            key: 'amount',
            width: 140,
            render: (_, r) => (
              <Input
                aria-label={`Work this period in dollars, line ${r.line}`}
                inputMode="decimal"
                value={typed[r.line]?.amount ?? ''}
                onChange={(e) => type(r.line, { amount: e.target.value, percent: '' })}
              />
            ),
          },
          {
            title: 'This period (%)',
            key: 'percent',
            width: 110,
            render: (_, r) => (
              <Input
                aria-label={`Work this period in percent, line ${r.line}`}
                inputMode="decimal"
                suffix="%"
                value={typed[r.line]?.percent ?? ''}
                onChange={(e) => type(r.line, { percent: e.target.value, amount: '' })}
              />
            ),
          },
          { title: 'E Work this period', dataIndex: 'thisPeriod', align: 'right', render: dollars },
          {
            title: 'F Materials stored ($)',
            key: 'stored',
            width: 140,
            render: (_, r) => (
              <Input
                aria-label={`Materials presently stored, line ${r.line}`}
                inputMode="decimal"
                placeholder={previousStored(previous, r.line)}
                value={typed[r.line]?.stored ?? ''}
                onChange={(e) => type(r.line, { stored: e.target.value })}
              />
            ),
          },
          {
            title: 'Stored materials’ files',
            key: 'evidence',
            width: 200,
            render: (_, r) =>
              takesFiles(r.line) && (
                <BillingFilesField
                  projectId={projectId}
                  ids={typed[r.line]?.evidence ?? []}
                  onChange={(evidence) => type(r.line, { evidence })}
                  label={`Invoices or photos of the materials stored, line ${r.line}`}
                />
              ),
          },
          { title: 'G Completed and stored', dataIndex: 'completedAndStoredToDate', align: 'right', render: dollars },
          { title: 'G ÷ C', dataIndex: 'percentComplete', align: 'right', render: (v: string) => `${v}%` },
          { title: 'H Balance to finish', dataIndex: 'balanceToFinish', align: 'right', render: dollars },
          { title: 'I Retainage', dataIndex: 'retainage', align: 'right', render: dollars },
          { title: 'Payment due', dataIndex: 'currentPaymentDue', align: 'right', render: dollars },
          {
            title: 'Check',
            key: 'problems',
            width: 240,
            render: (_, r) =>
              problemsOf(r.line).length > 0 && (
                <ul className="el-billing-problems">
                  {problemsOf(r.line).map((p, i) => (
                    <li key={i}>{p.message}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      {evidenceNeeded && <Alert type="info" showIcon title={TEXTS.storedFilesNeeded} />}
      <h4>Summary (G702) as billed</h4>
      <G702Summary label="Summary as billed" summary={figures.summary} payees={figures.payees} nameOf={nameOf} />
      {tried && problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Correct these before submitting:"
          description={
            <ul>
              {problems.map((p, i) => (
                <li key={i}>{p.code === 'lines_required' ? "Type this period's work or the materials stored on at least one line." : p.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {submit.isError && <Alert type="error" showIcon role="alert" title={errorMessage(submit.error)} />}
      <div className="el-actions">
        <Button type="primary" loading={submit.isPending} onClick={send}>
          {revise ? 'Submit the revision' : 'Submit the pay application'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </section>
  );
}
