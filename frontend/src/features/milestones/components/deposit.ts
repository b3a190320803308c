import { formatAmount, money } from '@escrow/domain';

import type { MilestoneView } from '../api/milestones';

/** What the buyer still has to deposit on this milestone (the API debits the same difference). */
export const depositDue = (m: MilestoneView): string => formatAmount(money(m.deposit_total).minus(m.deposit_sum));
