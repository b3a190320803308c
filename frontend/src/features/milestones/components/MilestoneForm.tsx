import { computeMilestoneTerms, formatDollars, VALUE_MUST_BE_POSITIVE, type MilestoneTerms, type PayeeInput } from '@escrow/domain';
import { Alert, Button, Segmented } from 'antd';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { MilestoneFormData, MilestonePayload } from '../api/milestones';
import './milestone-form.css';

export type PayeeType = 'fixed' | 'percent' | 'remainder';

export interface PayeeRow {
  key: number;
  jcId: number;
  type: PayeeType;
  amount: string;
  percentage: string;
  includeFee: boolean;
}

export interface MilestoneDraft {
  mode: 'single' | 'multi';
  title: string;
  definition: string;
  amount: string;
  payees: PayeeRow[];
}

let rowKey = 0;
export const newPayeeRow = (jcId: number, type: PayeeType = 'fixed'): PayeeRow => ({ key: ++rowKey, jcId, type, amount: '', percentage: '', includeFee: false });

/** Spec §5: a percentage ranges 0–100 and a value over 100 is clamped to 100. */
export function clampPercentage(value: string): string {
  if (value === '') return value;
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return n > 100 ? '100' : value;
}

/** The payees the form would send, as the domain's money rules read them. */
export function payeeInputs(draft: MilestoneDraft, primaryId: number | null): PayeeInput[] {
  if (draft.mode === 'single') return [{ companyId: primaryId ?? 0, type: 'fixed', amount: draft.amount, includeFee: draft.payees[0]?.includeFee ?? false }];
  return draft.payees.map((p) => ({ companyId: p.jcId, type: p.type, amount: p.type === 'fixed' ? p.amount : null, percentage: p.type === 'percent' ? p.percentage : null, includeFee: p.includeFee }));
}

/** The live preview: the same domain money functions the server decides with. */
export function previewTerms(draft: MilestoneDraft, primaryId: number | null): { terms: MilestoneTerms | null; problem: string | null } {
  const inputs = payeeInputs(draft, primaryId);
  try {
    const total = draft.mode === 'multi' && draft.payees.some((p) => p.type !== 'fixed') ? draft.amount : null;
    return { terms: computeMilestoneTerms(inputs, total, inputs.map((_, i) => i + 1)), problem: null };
  } catch (error) {
    return { terms: null, problem: (error as Error).message };
  }
}

export function toPayload(jobId: number, draft: MilestoneDraft, primaryId: number | null, originalId: number | null): MilestonePayload {
  const payees = payeeInputs(draft, primaryId).map((p) => ({
    jc_id: p.companyId,
    type: p.type,
    amount: p.amount === null || p.amount === undefined || p.amount === '' ? null : String(p.amount),
    percentage: p.percentage === null || p.percentage === undefined || p.percentage === '' ? null : String(p.percentage),
    includeFee: p.includeFee,
  }));
  const needsTotal = draft.mode === 'multi' && draft.payees.some((p) => p.type !== 'fixed');
  return {
    job_id: jobId,
    title: draft.mode === 'multi' ? draft.title.trim() : '',
    definition: draft.definition.trim(),
    position: 1,
    original_id: originalId,
    amount: needsTotal ? draft.amount : null,
    payees,
  };
}

function AmountInput({ id, value, onChange, label, required = true }: { id: string; value: string; onChange: (v: string) => void; label: string; required?: boolean }) {
  return (
    <label className="el-field" htmlFor={id}>
      {label}
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required={required}
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          // Spec §5: a fixed amount must be greater than zero dollars.
          e.target.setCustomValidity(v !== '' && Number(v) <= 0 ? VALUE_MUST_BE_POSITIVE : '');
          onChange(v);
        }}
      />
    </label>
  );
}

/**
 * The milestone form of spec §2/§5: single mode (one disbursement, completion criteria only) or
 * multi mode (title, criteria, funding per payee), with a live preview of the deposit total and
 * each payee's net. Submitting runs the browser's validity check first.
 */
export function MilestoneForm({
  jobId,
  formData,
  initial,
  originalId = null,
  submitLabel = 'Add milestone',
  onSubmit,
  pending = false,
  error = null,
}: {
  jobId: number;
  formData: MilestoneFormData;
  initial?: MilestoneDraft;
  originalId?: number | null;
  submitLabel?: string;
  onSubmit: (payload: MilestonePayload) => void;
  pending?: boolean;
  error?: unknown;
}) {
  const primaryId = formData.primary?.company_id ?? null;
  const [draft, setDraft] = useState<MilestoneDraft>(initial ?? { mode: 'single', title: '', definition: '', amount: '', payees: [newPayeeRow(primaryId ?? 0)] });
  const formRef = useRef<HTMLFormElement>(null);
  const preview = useMemo(() => previewTerms(draft, primaryId), [draft, primaryId]);
  const companies = [...(formData.primary ? [formData.primary] : []), ...formData.subs];
  const nameOf = (id: number) => companies.find((c) => c.company_id === id)?.name ?? `Company ${id}`;
  const update = (change: Partial<MilestoneDraft>) => setDraft((d) => ({ ...d, ...change }));
  const updatePayee = (key: number, change: Partial<PayeeRow>) => setDraft((d) => ({ ...d, payees: d.payees.map((p) => (p.key === key ? { ...p, ...change } : p)) }));
  const needsTotal = draft.mode === 'multi' && draft.payees.some((p) => p.type !== 'fixed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!formRef.current?.reportValidity()) return; // spec §5: no submit when the browser's check fails
    onSubmit(toPayload(jobId, draft, primaryId, originalId));
  };

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
        <label className="el-field" htmlFor={`title-${originalId ?? 'new'}`}>
          Title
          <input id={`title-${originalId ?? 'new'}`} required maxLength={200} value={draft.title} onChange={(e) => update({ title: e.target.value })} />
        </label>
      )}
      <label className="el-field" htmlFor={`criteria-${originalId ?? 'new'}`}>
        Completion criteria
        <textarea id={`criteria-${originalId ?? 'new'}`} required rows={3} maxLength={5000} value={draft.definition} onChange={(e) => update({ definition: e.target.value })} />
      </label>

      {draft.mode === 'single' ? (
        <div className="el-milestone-form__row">
          <AmountInput id={`amount-${originalId ?? 'new'}`} label={`Amount paid to ${formData.primary?.name ?? 'the seller'}`} value={draft.amount} onChange={(amount) => update({ amount })} />
          <label className="el-check">
            <input type="checkbox" checked={draft.payees[0]?.includeFee ?? false} onChange={(e) => update({ payees: [{ ...(draft.payees[0] ?? newPayeeRow(primaryId ?? 0)), includeFee: e.target.checked }] })} />
            Include the fee in this amount
          </label>
        </div>
      ) : (
        <fieldset className="el-milestone-form__payees">
          <legend>Funding</legend>
          {needsTotal && <AmountInput id={`total-${originalId ?? 'new'}`} label="Milestone amount" value={draft.amount} onChange={(amount) => update({ amount })} />}
          {draft.payees.map((payee, index) => (
            <div key={payee.key} className="el-payee" role="group" aria-label={`Payee ${index + 1}`}>
              <label className="el-field">
                Payee
                <select value={payee.jcId} onChange={(e) => updatePayee(payee.key, { jcId: Number(e.target.value) })} aria-label={`Payee ${index + 1} company`}>
                  {companies.map((c) => (
                    <option key={c.company_id} value={c.company_id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="el-field">
                Type
                <select value={payee.type} onChange={(e) => updatePayee(payee.key, { type: e.target.value as PayeeType })} aria-label={`Payee ${index + 1} type`}>
                  <option value="fixed">Fixed amount</option>
                  <option value="percent">Percent</option>
                  <option value="remainder">Remainder</option>
                </select>
              </label>
              {payee.type === 'fixed' && <AmountInput id={`p-${payee.key}-amount`} label="Amount" value={payee.amount} onChange={(amount) => updatePayee(payee.key, { amount })} />}
              {payee.type === 'percent' && (
                <label className="el-field" htmlFor={`p-${payee.key}-pct`}>
                  Percentage
                  <input id={`p-${payee.key}-pct`} type="number" min={0} max={100} step={0.01} required value={payee.percentage} onChange={(e) => updatePayee(payee.key, { percentage: clampPercentage(e.target.value) })} />
                </label>
              )}
              {payee.type === 'remainder' && <p className="el-muted el-payee__note">Takes what is left</p>}
              <label className="el-check">
                <input type="checkbox" checked={payee.includeFee} onChange={(e) => updatePayee(payee.key, { includeFee: e.target.checked })} />
                Include fee
              </label>
              {draft.payees.length > 1 && (
                <Button type="link" danger onClick={() => setDraft((d) => ({ ...d, payees: d.payees.filter((p) => p.key !== payee.key) }))}>
                  Remove
                </Button>
              )}
            </div>
          ))}
          <Button onClick={() => setDraft((d) => ({ ...d, payees: [...d.payees, newPayeeRow(formData.subs[0]?.company_id ?? primaryId ?? 0)] }))}>Add payee</Button>
        </fieldset>
      )}

      <section className="el-preview" aria-label="Preview">
        {preview.terms ? (
          <>
            <p>
              <strong>Buyer deposits {formatDollars(preview.terms.depositTotal)}</strong> (payees {formatDollars(preview.terms.payeeTotal)}, fee {formatDollars(preview.terms.feeTotal)})
            </p>
            <ul>
              {preview.terms.payees.map((p, i) => (
                <li key={i}>
                  {nameOf(p.companyId)} receives {formatDollars(p.net)}
                  {p.includeFee ? ` (fee of ${formatDollars(p.fee)} included)` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="el-muted">{preview.problem}</p>
        )}
      </section>
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
      <Button type="primary" htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
