import { Input, Modal } from 'antd';
import { useState } from 'react';

/**
 * The statement a party sends to dispute a project's retainage: one dialog for a milestone
 * project's Retainage panel and a progress-billed project's Billing tab, since both go to the
 * same route and the same administrators. `onSend` answers whether it was sent (the text is then cleared).
 */
export function RetainageDisputeDialog({
  id,
  open,
  sending,
  onSend,
  onCancel,
}: {
  id: string;
  open: boolean;
  sending: boolean;
  onSend: (statement: string, sent: () => void) => void;
  onCancel: () => void;
}) {
  const [statement, setStatement] = useState('');
  return (
    <Modal
      open={open}
      title="Dispute the retainage"
      okText="Send"
      onOk={() => onSend(statement, () => setStatement(''))}
      confirmLoading={sending}
      onCancel={onCancel}
    >
      <label className="el-field" htmlFor={id}>
        What is the disagreement about the retainage?
        <Input.TextArea id={id} rows={5} maxLength={5000} value={statement} onChange={(e) => setStatement(e.target.value)} />
      </label>
    </Modal>
  );
}
