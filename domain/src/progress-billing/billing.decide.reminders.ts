import { formatAmount, readAmount } from '../money/money';
import { invalid, notFound } from '../shared/errors';
import { requireSchedule, requireSystem } from './billing.rules';
import type { BillingState } from './billing.state';
import type { RemindOfBillingShortfall } from './commands';
import type { BillingEvent } from './events';

/**
 * Records the held-funds clock's reminder of a shortfall (docs/progress-billing.md#reminders),
 * once per application and reminder period: a pass that runs again, or two processes at once,
 * append nothing more. The clock mails first and records after, so the event states what the
 * mails said (the amount and date as they were computed then) rather than the shortfall now: a
 * deposit arriving in between does not unsay a reminder that went out.
 */
export function decideShortfallReminder(command: RemindOfBillingShortfall, state: BillingState): BillingEvent[] {
  requireSystem(command.metadata);
  const s = requireSchedule(state);
  const { applicationNumber, period, depositBy } = command.data;
  if (!s.applications.some((a) => a.applicationNumber === applicationNumber)) {
    throw notFound('application_not_found', 'There is no such pay application.');
  }
  if (!Number.isSafeInteger(period) || period < 1) throw invalid('reminder_reason_missing', 'A shortfall reminder names its reminder period (1 or more).');
  const amount = readAmount(command.data.amount);
  if (!amount.ok || amount.value.lte(0)) throw invalid('amount_format', 'A shortfall reminder names the amount to deposit, like 12500.00.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(depositBy) || Number.isNaN(Date.parse(depositBy))) {
    throw invalid('reminder_reason_missing', 'A shortfall reminder names the date to deposit by.');
  }
  if ((s.shortfallReminders ?? []).some((r) => r.applicationNumber === applicationNumber && r.period === period)) return [];
  const at = command.metadata.now;
  return [{ type: 'BillingShortfallReminded', data: { jobId: s.jobId, applicationNumber, period, amount: formatAmount(amount.value), depositBy, at } }];
}
