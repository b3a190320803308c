import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';

/** antd's Popconfirm around Remove (AttachmentList), loaded when Remove is first pointed at, focused or pressed. */
export function RemoveConfirm({
  name,
  open,
  onOpenChange,
  onConfirm,
  children,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  children: ReactElement;
}) {
  return (
    <Popconfirm
      title={`Remove ${name}?`}
      description="It stays in the project history; nobody but administrators can open it any more."
      okText="Remove"
      cancelText="Keep it"
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
