import { type CompanyNameMatch, formatAmount, formatDollars, money, parseAmount, type ProgressBillingView, sum } from '@escrow/domain';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useProposeChangeOrder } from '../api/change-orders';
import { BillingFilesField } from './BillingFiles';
import { PayeeSelect } from './PayeeSelect';

interface NewLine {
  key: number;
  number: string;
  description: string;
  value: string;
  payee: CompanyNameMatch | null;
  rate: string;
}

let nextKey = 1;

/**
 * The change-order dialog (either party): new scheduled values for lines of the schedule and new
 * lines, with the reason; the net change and the contract sum after it follow as they type. The
 * proposal is the proposer's approval; the other party approves it.
 */
export function ChangeOrderDialog({
  open,
  projectId,
  view,
  seller,
  onNamed,
  onClose,
}: {
  open: boolean;
  projectId: number;
  view: ProgressBillingView;
  seller: CompanyNameMatch | null;
  onNamed: (company: CompanyNameMatch) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<NewLine[]>([]);
  const [attachments, setAttachments] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const propose = useProposeChangeOrder(projectId);

  const changes = view.lines.flatMap((l) => {
    const typed = values[l.number]?.trim();
    return typed && parseAmount(typed) && !money(typed).eq(l.scheduled_value) ? [{ line: l.number, from: l.scheduled_value, to: typed }] : [];
  });
  const net = sum([...changes.map((c) => money(c.to).minus(c.from)), ...added.map((l) => parseAmount(l.value) ?? money(0))]);
  const after = money(view.contract_sum ?? '0').plus(net);
  const empty = changes.length === 0 && added.length === 0;
  const problem = !reason.trim() ? 'Give the reason for the change order.' : empty ? 'Change a scheduled value or add a line.' : null;

  const close = () => {
    setReason('');
    setValues({});
    setAdded([]);
    setAttachments([]);
    setTried(false);
    propose.reset();
    onClose();
  };
  const send = () => {
    setTried(true);
    if (problem) return;
    propose.mutate(
      {
        reason: reason.trim(),
        changes: changes.map((c) => ({ line: c.line, scheduled_value: c.to })),
        new_lines: added.map((l) => ({
          number: l.number.trim(),
          description: l.description.trim(),
          scheduled_value: l.value.trim(),
          payee_id: l.payee?.company_id ?? 0,
          retainage: { rate: l.rate.trim(), reduction: null },
        })),
        ...(attachments.length > 0 && { attachment_ids: attachments }),
      },
      { onSuccess: close },
    );
  };
  const change = (key: number, patch: Partial<NewLine>) => setAdded((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  return (
    <Modal open={open} title="Propose a change order" okText="Propose the change order" onOk={send} confirmLoading={propose.isPending} onCancel={close}>
      <label className="el-field" htmlFor={`change-order-reason-${projectId}`}>
        Reason
        <Input.TextArea id={`change-order-reason-${projectId}`} autoSize value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <fieldset>
        <legend>New scheduled values (leave a line empty to keep it)</legend>
        {view.lines.map((l) => (
          <label key={l.number} className="el-field" htmlFor={`change-order-${projectId}-${l.number}`}>
            {`Line ${l.number}, ${l.description} (now ${formatDollars(l.scheduled_value)})`}
            <Input
              id={`change-order-${projectId}-${l.number}`}
              inputMode="decimal"
              prefix="$"
              value={values[l.number] ?? ''}
              onChange={(e) => setValues((all) => ({ ...all, [l.number]: e.target.value }))}
            />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>New lines</legend>
        {added.map((l, i) => (
          <div key={l.key} role="group" aria-label={`New line ${i + 1}`}>
            <Input
              aria-label={`Item number, new line ${i + 1}`}
              placeholder="Item"
              value={l.number}
              onChange={(e) => change(l.key, { number: e.target.value })}
            />
            <Input
              aria-label={`Description, new line ${i + 1}`}
              placeholder="Description"
              value={l.description}
              onChange={(e) => change(l.key, { description: e.target.value })}
            />
            <Input
              aria-label={`Scheduled value, new line ${i + 1}`}
              inputMode="decimal"
              prefix="$"
              value={l.value}
              onChange={(e) => change(l.key, { value: e.target.value })}
            />
            <PayeeSelect
              label={`Payee, new line ${i + 1}`}
              value={l.payee}
              seller={seller}
              onChange={(company) => {
                onNamed(company);
                change(l.key, { payee: company });
              }}
            />
            <Input
              aria-label={`Retainage percent, new line ${i + 1}`}
              inputMode="decimal"
              suffix="%"
              value={l.rate}
              onChange={(e) => change(l.key, { rate: e.target.value })}
            />
            <Button onClick={() => setAdded((all) => all.filter((x) => x.key !== l.key))}>Remove new line {i + 1}</Button>
          </div>
        ))}
        <Button
          onClick={() =>
            setAdded((all) => [
              ...all,
              { key: nextKey++, number: String(view.lines.length + all.length + 1), description: '', value: '', payee: seller, rate: '10' },
            ])
          }
        >
          Add a line
        </Button>
      </fieldset>
      <fieldset>
        <legend>Attachments (drawings, quotes, photos)</legend>
        <BillingFilesField projectId={projectId} ids={attachments} onChange={setAttachments} label="Attach files to the change order" />
      </fieldset>
      <p role="status" aria-live="polite">
        {`Net change ${formatDollars(net)}; the contract sum becomes ${formatDollars(formatAmount(after))}.`}
      </p>
      {tried && problem && <Alert type="error" showIcon role="alert" title={problem} />}
      {propose.isError && <Alert type="error" showIcon role="alert" title={errorMessage(propose.error)} />}
    </Modal>
  );
}
