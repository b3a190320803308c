import type { MilestoneView } from '../api/milestones';

export interface DepositDialogProps {
  open: boolean;
  milestone: MilestoneView;
  onConfirm: () => void;
  onClose: () => void;
  afterClose?: () => void;
  pending: boolean;
}
