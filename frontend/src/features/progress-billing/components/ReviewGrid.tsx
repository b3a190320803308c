import {
  type CertificationDecisionInput,
  type CompanyNameMatch,
  formatDollars,
  money as amount,
  payApplicationFigures,
  type PayApplicationView,
  type ProgressBillingView,
  readCertification,
  type RefusalProblem,
  sum,
} from '@escrow/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Radio } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { billingKeys } from '../api/get-schedule';
import { type CertificationLineRequest, useCertifyPayApplication } from '../api/pay-applications';
import { BillingFileLinks } from './BillingFiles';
import { billedLinesOf, billingLineOf, toDateOf } from './figures';
import { G702Summary } from './G702Summary';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { DECISION_LABELS } from './texts';

type Decision = CertificationLineRequest['decision'];

interface LineDecision {
  decision: Decision;
  work: string;
  stored: string;
  reason: string;
}

const inputOf = (line: string, d: LineDecision, reason = d.reason): CertificationDecisionInput =>
  d.decision === 'as_billed'
    ? { line, decision: 'as_billed' }
    : d.decision === 'refused'
      ? { line, decision: 'refused', reason }
      : { line, decision: 'reduced', workThisPeriod: d.work, storedMaterials: d.stored, reason };

const requestOf = (line: string, d: LineDecision): CertificationLineRequest =>
  d.decision === 'as_billed'
    ? { line, decision: 'as_billed' }
    : d.decision === 'refused'
      ? { line, decision: 'refused', reason: d.reason.trim() }
      : { line, decision: 'reduced', work_this_period: d.work.trim(), stored_materials: d.stored.trim(), reason: d.reason.trim() };

/**
 * The review grid (the buyer or the certifier): per billed line certify as billed, reduce (the
 * amounts certified and the reason) or refuse (the reason), the reason beside the line; below,
 * what will be paid, to whom, and what is withheld, computed as they decide by the domain's
 * calculator. The rules are the domain's (readCertification): a reduction or refusal without a
 * reason is refused here before it is sent. Certifying asks for a fresh second factor: the API
 * client's step-up dialog asks in place and the click goes on.
 */
export function ReviewGrid({
  projectId,
  view,
  application,
  nameOf,
}: {
  projectId: number;
  view: ProgressBillingView;
  application: PayApplicationView;
  nameOf: (companyId: number) => CompanyNameMatch;
}) {
  const billed = billedLinesOf(application);
  const [decisions, setDecisions] = useState<Record<string, LineDecision>>(() =>
    Object.fromEntries(billed.map((l) => [l.line, { decision: 'as_billed', work: l.workThisPeriod, stored: l.storedMaterials, reason: '' }])),
  );
  const [tried, setTried] = useState(false);
  const certify = useCertifyPayApplication(projectId);
  const certifies = useBillingPermissions()('CertifyPayApplication');
  const queryClient = useQueryClient();

  const schedule = view.lines.map(billingLineOf);
  const previous = toDateOf(view.lines);
  const problems: RefusalProblem[] = [];
  readCertification(
    billed,
    previous,
    billed.map((l) => inputOf(l.line, decisions[l.line]!)),
    problems,
  );
  // The figures follow the amounts decided even while a reason is still missing.
  const preview = readCertification(
    billed,
    previous,
    billed.map((l) => inputOf(l.line, decisions[l.line]!, decisions[l.line]!.reason.trim() || 'a reason')),
    [],
  );
  const figures = payApplicationFigures(schedule, previous, preview);
  const figuresOf = new Map(figures.lines.map((l) => [l.line, l]));
  const problemsOf = (line: string) => problems.filter((p) => p.line === line);
  const decide = (line: string, patch: Partial<LineDecision>) => setDecisions((all) => ({ ...all, [line]: { ...all[line]!, ...patch } }));

  const send = () => {
    setTried(true);
    if (problems.length > 0) return;
    certify.mutate(
      {
        number: application.application_number,
        revision: application.revision,
        lines: billed.map((l) => requestOf(l.line, decisions[l.line]!)),
      },
      {
        // A revision the seller sent meanwhile replaces what is shown: read it again.
        onError: (error) => {
          if (errorCode(error) === 'revision_changed') void queryClient.invalidateQueries({ queryKey: billingKeys.ofProject(projectId) });
        },
      },
    );
  };

  const dollars = (v: string) => formatDollars(v);
  type Row = (typeof billed)[number];
  return (
    <section aria-labelledby="review-grid-title">
      <h3 id="review-grid-title">
        Certify pay application {application.application_number}
        {application.revision > 1 ? `, revision ${application.revision}` : ''} (period to {application.period_to})
      </h3>
      <WideTable<Row>
        aria-label="Lines to certify"
        rowKey="line"
        size="small"
        pagination={false}
        dataSource={billed}
        columns={[
          { title: 'Item', dataIndex: 'line', fixed: 'left', width: 70 },
          { title: 'Description', key: 'description', width: 150, render: (_, l) => figuresOf.get(l.line)?.description },
          {
            title: 'Billed this period',
            key: 'billed',
            align: 'right',
            render: (_, l) => `${dollars(l.workThisPeriod)}${l.workPercent !== null ? ` (${l.workPercent}%)` : ''}`,
          },
          { title: 'Billed stored', dataIndex: 'storedMaterials', align: 'right', render: dollars },
          {
            title: 'Stored materials’ files',
            key: 'evidence',
            width: 180,
            render: (_, l) => <BillingFileLinks projectId={projectId} ids={l.evidence} label={`Files of the materials stored, line ${l.line}`} />,
          },
          {
            title: 'Decision',
            key: 'decision',
            width: 260,
            render: (_, l) => (
              <Radio.Group
                aria-label={`Decision, line ${l.line}`}
                value={decisions[l.line]!.decision}
                onChange={(e) => decide(l.line, { decision: e.target.value as Decision })}
                options={[
                  { value: 'as_billed', label: 'As billed' },
                  { value: 'reduced', label: 'Reduce' },
                  { value: 'refused', label: 'Refuse' },
                ]}
              />
            ),
          },
          {
            title: 'Work certified',
            key: 'work',
            width: 140,
            render: (_, l) =>
              decisions[l.line]!.decision === 'reduced' ? (
                <Input
                  aria-label={`Work certified this period, line ${l.line}`}
                  inputMode="decimal"
                  value={decisions[l.line]!.work}
                  onChange={(e) => decide(l.line, { work: e.target.value })}
                />
              ) : (
                dollars(figuresOf.get(l.line)?.thisPeriod ?? '0.00')
              ),
          },
          {
            title: 'Stored certified',
            key: 'stored',
            width: 140,
            render: (_, l) =>
              decisions[l.line]!.decision === 'reduced' ? (
                <Input
                  aria-label={`Stored materials certified, line ${l.line}`}
                  inputMode="decimal"
                  value={decisions[l.line]!.stored}
                  onChange={(e) => decide(l.line, { stored: e.target.value })}
                />
              ) : (
                dollars(figuresOf.get(l.line)?.storedMaterials ?? '0.00')
              ),
          },
          {
            title: 'Reason',
            key: 'reason',
            width: 220,
            render: (_, l) =>
              decisions[l.line]!.decision !== 'as_billed' && (
                <Input.TextArea
                  aria-label={`Reason, line ${l.line}`}
                  autoSize
                  value={decisions[l.line]!.reason}
                  onChange={(e) => decide(l.line, { reason: e.target.value })}
                />
              ),
          },
          { title: 'Payment due', key: 'due', align: 'right', render: (_, l) => dollars(figuresOf.get(l.line)?.currentPaymentDue ?? '0.00') },
          {
            title: 'Check',
            key: 'problems',
            width: 220,
            render: (_, l) =>
              (tried || decisions[l.line]!.decision === 'reduced') &&
              problemsOf(l.line).length > 0 && (
                <ul className="el-billing-problems">
                  {problemsOf(l.line).map((p, i) => (
                    <li key={i}>{p.message}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      <h4>What will be paid</h4>
      <p role="status" aria-live="polite">
        {`Paid now: ${dollars(figures.summary.currentPaymentDue)}; withheld this period: ${formatDollars(
          sum(figures.payees.map((p) => amount(p.retainageThisPeriod))),
        )}; retainage held in all: ${dollars(figures.summary.totalRetainage)}.`}
      </p>
      <G702Summary label="Summary as certified" summary={figures.summary} payees={figures.payees} nameOf={nameOf} />
      {tried && problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Correct these before certifying:"
          description={
            <ul>
              {problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {certify.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(certify.error)}
          description={errorCode(certify.error) === 'revision_changed' ? 'The seller revised it meanwhile: its new revision is shown above.' : undefined}
        />
      )}
      <div className="el-actions">
        <Button type="primary" disabled={!certifies.allowed} loading={certify.isPending} onClick={send}>
          Certify
        </Button>
      </div>
      <RoleReasons reasons={[certifies.reason]} />
      <p className="el-muted">
        {Object.values(decisions).every((d) => d.decision === 'as_billed')
          ? `${DECISION_LABELS.as_billed}: the payment is released at once.`
          : 'A reduced or refused line goes to the seller, who accepts the certificate or revises the application.'}
      </p>
    </section>
  );
}
