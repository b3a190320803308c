import { Modal } from 'antd';

import type { MilestoneView } from '../api/milestones';
import { LazyEditMilestoneForm } from './lazy';

export interface EditMilestoneDialogProps {
  open: boolean;
  milestone: MilestoneView;
  title: string;
  onClose: () => void;
  afterClose: () => void;
}

/** Make Edit's dialog, titled with the milestone title (docs/product.md#milestone-card); loaded when it first opens (MilestoneCard). */
export default function EditMilestoneDialog({ open, milestone, title, onClose, afterClose }: EditMilestoneDialogProps) {
  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} afterClose={afterClose} width={860} destroyOnHidden>
      <LazyEditMilestoneForm milestone={milestone} onClose={onClose} />
    </Modal>
  );
}
