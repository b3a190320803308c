import './milestone-form.css';

import { formatDollars, money } from '@escrow/domain';
import { Button, Segmented } from 'antd';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { errorCode, errorParam } from '../../../lib/api-error';
import type { MilestoneFormData, MilestonePayload } from '../api/milestones';
import {
  amountValidity,
  clampPercentage,
  draftProblems,
  fieldOfRefusal,
  type MilestoneDraft,
  newPayeeRow,
  type PayeeRow,
  type PayeeType,
  previewTerms,
  type Problem,
  type ProblemField,
  toPayload,
} from './milestone-form.rules';
import { PayeePicker } from './PayeePicker';

export { clampPercentage, type MilestoneDraft, newPayeeRow, type PayeeRow } from './milestone-form.rules';

function FieldError({ id, problem }: { id: string; problem: Problem | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="el-field-error">
      {problem.message}
    </p>
  );
}

function AmountInput({
  id,
  value,
  onChange,
  label,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <label className="el-field" htmlFor={id}>
      {label}
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          // Greater than zero dollars (docs/product.md#milestone-amounts-and-percentages); and never an amount the escrow cannot hold.
          e.target.setCustomValidity(amountValidity(e.target.value));
          onChange(e.target.value);
        }}
      />
    </label>
  );
}

/**
 * The milestone form of docs/product.md#milestone-form: single mode (one disbursement, completion criteria only) or
 * multi mode (title, criteria, funding per payee), with a live preview of the deposit total and
 * each payee's net. It is sent only when the browser's check passes and the preview shows no
 * problem; the API's refusal shows under the field it is about.
 */
export function MilestoneForm({
  projectId,
  formData,
  initial,
  originalId = null,
  submitLabel = 'Add milestone',
  onSubmit,
  pending = false,
  error = null,
}: {
  projectId: number;
  formData: MilestoneFormData;
  initial?: MilestoneDraft;
  originalId?: number | null;
  submitLabel?: string;
  onSubmit: (payload: MilestonePayload) => void;
  pending?: boolean;
  error?: unknown;
}) {
  const primary = formData.primary ? { company_id: formData.primary.company_id, name: formData.primary.name } : null;
  const primaryId = primary?.company_id ?? null;
  const [draft, setDraft] = useState<MilestoneDraft>(
    initial ?? { mode: 'single', title: '', definition: '', amount: '', payees: [newPayeeRow(primaryId, 'fixed', primary?.name ?? null)] },
  );
  const [attempted, setAttempted] = useState(false);
  // The API's answer stays under its field until the person changes something.
  const [seenError, setSeenError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const project = useMemo(
    () => ({ retainagePercent: formData.retainage_percent ?? '0.00', siteState: formData.site_state ?? null }),
    [formData.retainage_percent, formData.site_state],
  );
  const preview = useMemo(() => previewTerms(draft, primaryId, project), [draft, primaryId, project]);
  const local = useMemo(() => draftProblems(draft, primaryId, project), [draft, primaryId, project]);
  const refused = error && error !== seenError ? { field: fieldOfRefusal(errorCode(error), errorParam(error)), message: errorMessage(error) } : null;
  const problems: Problem[] = [...(attempted ? local : []), ...(refused ? [refused] : [])];
  const problemOf = (field: ProblemField) => problems.find((p) => p.field === field);
  const idOf = (field: ProblemField) => `milestone-${originalId ?? 'new'}-${field}-error`;
  const errorProps = (field: ProblemField) => (problemOf(field) ? { invalid: true, describedBy: idOf(field) } : {});
  const ids = (name: string) => `${name}-${originalId ?? 'new'}`;

  const change = (next: (d: MilestoneDraft) => MilestoneDraft) => {
    setSeenError(error);
    setDraft(next);
  };
  const update = (patch: Partial<MilestoneDraft>) => change((d) => ({ ...d, ...patch }));
  const updatePayee = (key: number, patch: Partial<PayeeRow>) =>
    change((d) => ({ ...d, payees: d.payees.map((p) => (p.key === key ? { ...p, ...patch } : p)) }));
  const needsTotal = draft.mode === 'multi' && draft.payees.some((p) => p.type !== 'fixed');
  const taken = (key: number) => new Set(draft.payees.filter((p) => p.key !== key && p.jcId !== null).map((p) => p.jcId!));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setSeenError(error);
    if (!formRef.current?.reportValidity()) return; // no submit when the browser's check fails (docs/product.md#milestone-amounts-and-percentages)
    if (local.length > 0) return; // nor while the preview shows a problem
    onSubmit(toPayload(projectId, draft, primaryId, originalId));
  };

  const amountProblem = <FieldError id={idOf('amount')} problem={problemOf('amount')} />;
  let funding: ReactNode;
  if (draft.mode === 'single') {
    funding = (
      <div>
        <div className="el-milestone-form__row">
          <AmountInput
            id={ids('amount')}
            label={`Amount paid to ${formData.primary?.name ?? 'the seller'}`}
            value={draft.amount}
            onChange={(amount) => update({ amount })}
            {...errorProps('amount')}
          />
          <label className="el-check">
            <input
              type="checkbox"
              checked={draft.payees[0]?.includeFee ?? false}
              onChange={(e) => update({ payees: [{ ...(draft.payees[0] ?? newPayeeRow(primaryId)), includeFee: e.target.checked }] })}
            />
            Include the fee in this amount
          </label>
        </div>
        {amountProblem}
      </div>
    );
  } else {
    funding = (
      <fieldset className="el-milestone-form__payees" aria-describedby={problemOf('amount') ? idOf('amount') : undefined}>
        <legend>Funding</legend>
        {needsTotal && (
          <AmountInput id={ids('total')} label="Milestone amount" value={draft.amount} onChange={(amount) => update({ amount })} {...errorProps('amount')} />
        )}
        {draft.payees.map((payee, index) => (
          <div key={payee.key} className="el-payee" role="group" aria-label={`Payee ${index + 1}`}>
            <div className="el-field">
              <span aria-hidden="true">Payee</span>
              <PayeePicker
                label={`Payee ${index + 1} company`}
                value={payee.jcId === null ? null : { company_id: payee.jcId, name: payee.name ?? `Company ${payee.jcId}` }}
                primary={primary}
                taken={taken(payee.key)}
                onChange={(c) => updatePayee(payee.key, { jcId: c.company_id, name: c.name })}
                {...errorProps(`payee-${payee.key}`)}
              />
              <FieldError id={idOf(`payee-${payee.key}`)} problem={problemOf(`payee-${payee.key}`)} />
            </div>
            <label className="el-field">
              Type
              <select value={payee.type} onChange={(e) => updatePayee(payee.key, { type: e.target.value as PayeeType })} aria-label={`Payee ${index + 1} type`}>
                <option value="fixed">Fixed amount</option>
                <option value="percent">Percent</option>
                <option value="remainder">Remainder</option>
              </select>
            </label>
            {payee.type === 'fixed' && (
              <AmountInput id={`p-${payee.key}-amount`} label="Amount" value={payee.amount} onChange={(amount) => updatePayee(payee.key, { amount })} />
            )}
            {payee.type === 'percent' && (
              <label className="el-field" htmlFor={`p-${payee.key}-pct`}>
                Percentage
                <input
                  id={`p-${payee.key}-pct`}
                  type="number"
                  min={0}
                  max={100}
                  step={0.01}
                  required
                  value={payee.percentage}
                  onChange={(e) => updatePayee(payee.key, { percentage: clampPercentage(e.target.value) })}
                />
              </label>
            )}
            {payee.type === 'remainder' && <p className="el-muted el-payee__note">Takes what is left</p>}
            <label className="el-check">
              <input type="checkbox" checked={payee.includeFee} onChange={(e) => updatePayee(payee.key, { includeFee: e.target.checked })} />
              Include fee
            </label>
            {draft.payees.length > 1 && (
              <Button type="link" danger onClick={() => change((d) => ({ ...d, payees: d.payees.filter((p) => p.key !== payee.key) }))}>
                Remove
              </Button>
            )}
          </div>
        ))}
        <Button onClick={() => change((d) => ({ ...d, payees: [...d.payees, newPayeeRow(null)] }))}>Add payee</Button>
        {amountProblem}
      </fieldset>
    );
  }

  return (
    <form ref={formRef} className="el-milestone-form" onSubmit={submit} aria-label="Milestone">
      <Segmented
        value={draft.mode}
        onChange={(mode) => update({ mode: mode as MilestoneDraft['mode'] })}
        options={[
          { label: 'Single payment', value: 'single' },
          { label: 'Several payees', value: 'multi' },
        ]}
      />
      {draft.mode === 'multi' && (
        <div>
          <label className="el-field" htmlFor={ids('title')}>
            Title
            <input
              id={ids('title')}
              required
              maxLength={200}
              value={draft.title}
              onChange={(e) => update({ title: e.target.value })}
              aria-invalid={problemOf('title') ? true : undefined}
              aria-describedby={problemOf('title') ? idOf('title') : undefined}
            />
          </label>
          <FieldError id={idOf('title')} problem={problemOf('title')} />
        </div>
      )}
      <div>
        <label className="el-field" htmlFor={ids('criteria')}>
          Completion criteria
          <textarea
            id={ids('criteria')}
            required
            rows={3}
            maxLength={5000}
            value={draft.definition}
            onChange={(e) => update({ definition: e.target.value })}
            aria-invalid={problemOf('definition') ? true : undefined}
            aria-describedby={problemOf('definition') ? idOf('definition') : undefined}
          />
        </label>
        <FieldError id={idOf('definition')} problem={problemOf('definition')} />
      </div>

      {funding}

      <section className={`el-preview${preview.problem ? ' el-preview--problem' : ''}`} aria-label="Preview">
        {preview.terms ? (
          <>
            <p>
              <strong>Buyer deposits {formatDollars(preview.terms.depositTotal)}</strong> (payees {formatDollars(preview.terms.payeeTotal)}, fee{' '}
              {formatDollars(preview.terms.feeTotal)})
            </p>
            <ul>
              {preview.terms.payees.map((p, i) => (
                <li key={i}>
                  {draft.mode === 'single' ? (primary?.name ?? 'The seller') : (draft.payees[i]?.name ?? 'A payee to choose')} receives {formatDollars(p.net)}
                  {p.includeFee ? ` (fee of ${formatDollars(p.fee)} included)` : ''}
                  {p.retainage !== '0.00'
                    ? `: ${formatDollars(money(p.net).minus(p.retainage))} at completion, ${formatDollars(p.retainage)} retainage later`
                    : ''}
                </li>
              ))}
            </ul>
            {(preview.terms.retainagePercent !== '0.00' || preview.terms.lienWaiverState) && (
              <p className="el-muted">
                {preview.terms.retainagePercent !== '0.00'
                  ? `Retainage ${Number(preview.terms.retainagePercent)}% (${formatDollars(preview.terms.retainageTotal)}), held until the project's retainage is released. `
                  : ''}
                {preview.terms.lienWaiverState ? `Each payee signs a lien waiver (${preview.terms.lienWaiverState}) before its payment goes out.` : ''} These
                terms are part of this version: both parties approve them with it.
              </p>
            )}
          </>
        ) : (
          <p>{preview.problem}</p>
        )}
      </section>
      <FieldError id={idOf('form')} problem={problemOf('form')} />
      <Button type="primary" htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
