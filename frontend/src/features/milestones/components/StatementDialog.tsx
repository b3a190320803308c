import { Input, Modal } from 'antd';

export interface StatementDialogProps {
  open: boolean;
  /** Opening a dispute or answering the other side's. */
  kind: 'dispute' | 'respond' | null;
  /** The text field's id (one per milestone). */
  fieldId: string;
  statement: string;
  onChange: (statement: string) => void;
  onSend: () => void;
  sending: boolean;
  onCancel: () => void;
  afterClose: () => void;
}

/** A dispute's statement or the answer to one (Your Actions), loaded when it first opens. */
export default function StatementDialog({ open, kind, fieldId, statement, onChange, onSend, sending, onCancel, afterClose }: StatementDialogProps) {
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={kind === 'dispute' ? 'Open a dispute' : 'Respond to the dispute'}
      okText="Send"
      onOk={onSend}
      confirmLoading={sending}
      onCancel={onCancel}
    >
      <label className="el-field" htmlFor={fieldId}>
        {kind === 'dispute' ? 'What went wrong?' : 'Your response'}
        <Input.TextArea id={fieldId} rows={5} maxLength={5000} value={statement} onChange={(e) => onChange(e.target.value)} />
      </label>
    </Modal>
  );
}
