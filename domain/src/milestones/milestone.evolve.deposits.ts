import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type DepositEvent = Extract<MilestoneEvent, { type: 'DepositRequested' | 'DepositSettled' | 'DepositFailed' | 'DepositCleared' | 'DepositReturned' }>;

/** A deposit is requested, then settles (starting the response deadline) or fails; a settled one clears or is returned. */
export function evolveDeposits(s: ActiveMilestone, event: DepositEvent): ActiveMilestone {
  switch (event.type) {
    case 'DepositRequested': {
      const d = event.data;
      return {
        ...s,
        deposits: [
          ...s.deposits,
          {
            depositId: d.depositId,
            versionId: d.versionId,
            amount: d.amount,
            status: 'pending',
            requestedBy: d.requestedBy,
            requestedAt: d.at,
            bankAccountLast4: d.bankAccountLast4,
            settledAt: null,
            clearsAt: null,
            clearedAt: null,
            failureReason: null,
            returnedAt: null,
            returnCode: null,
          },
        ],
      };
    }
    case 'DepositSettled': {
      const d = event.data;
      return {
        ...s,
        responseDeadline: d.responseDeadline,
        deposits: s.deposits.map((x) =>
          x.depositId === d.depositId ? { ...x, status: 'settled', settledAt: d.at, clearsAt: d.clearsAt, clearedAt: d.clearedOnSettlement ? d.at : null } : x,
        ),
      };
    }
    case 'DepositFailed': {
      const d = event.data;
      return { ...s, deposits: s.deposits.map((x) => (x.depositId === d.depositId ? { ...x, status: 'failed', failureReason: d.reason } : x)) };
    }
    case 'DepositCleared': {
      const d = event.data;
      return { ...s, deposits: s.deposits.map((x) => (x.depositId === d.depositId ? { ...x, clearedAt: d.at } : x)) };
    }
    case 'DepositReturned': {
      const d = event.data;
      return {
        ...s,
        deposits: s.deposits.map((x) =>
          x.depositId === d.depositId ? { ...x, status: 'returned', returnedAt: d.at, returnCode: d.returnCode, failureReason: d.reason } : x,
        ),
      };
    }
    default:
      return assertNever(event);
  }
}
