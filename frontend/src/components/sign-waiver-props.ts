import type { LienWaiverView } from '../api/waivers';

export interface SignWaiverDialogProps {
  /** The waiver to read and sign; null: the dialog is closed. */
  waiver: LienWaiverView | null;
  projectId: number;
  mId: number;
  /** A progress-billed payout's waiver: the payout it is for (null or absent: a milestone's). */
  payoutId?: number | null;
  user: { first_name: string; last_name: string };
  onClose: () => void;
}
