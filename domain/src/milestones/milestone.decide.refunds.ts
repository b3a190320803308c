import { formatAmount } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { ClaimDeadlineRefund, RecordRefundPaid } from './commands';
import type { MilestoneEvent } from './events';
import { clearingDeposit, held, openDispute } from './milestone.money';
import { dayOf, requireActive, requireParty, requireSubmitted, requireSystem } from './milestone.rules';
import type { MilestoneState } from './milestone.state';

export type RefundCommand = ClaimDeadlineRefund | RecordRefundPaid;

/** The buyer's refund when the seller let the response deadline pass; the provider reports it paid. */
export function decideRefund(command: RefundCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'ClaimDeadlineRefund': {
      const s = requireActive(state);
      if (requireParty(command.project, metadata, 'claim a refund') !== 'customer') throw forbidden('buyer_only', 'Only the buyer can claim a refund.');
      requireSubmitted(command.project, 'claim a refund');
      if (!held(s).gt(0)) throw conflict('nothing_held', 'There are no funds in escrow for this milestone.');
      const clearing = clearingDeposit(s);
      if (clearing) throw conflict('funds_clearing', `The deposit's funds clear on ${dayOf(clearing.clearsAt ?? at)}; a refund can be claimed after that.`);
      if (openDispute(s)) throw conflict('disputed', 'A dispute is open on this milestone; an administrator will resolve it.');
      if (s.completion.company) throw conflict('seller_completed', 'The seller has marked this milestone complete; open a dispute if you disagree.');
      if (!s.responseDeadline || Date.parse(at) < Date.parse(s.responseDeadline)) {
        throw conflict(
          'before_deadline',
          `You can claim a refund if the seller has not completed the milestone by ${s.responseDeadline ?? 'the response deadline'}.`,
        );
      }
      return [{ type: 'RefundRequested', data: { originalId: s.originalId, at, refundId: s.originalId, amount: formatAmount(held(s)), reason: 'deadline' } }];
    }
    case 'RecordRefundPaid': {
      requireSystem(metadata);
      const s = requireActive(state);
      const refund = s.refunds.find((r) => r.refundId === command.data.refundId);
      if (!refund) throw notFound('refund_not_found', 'There is no such refund.');
      if (refund.status === 'paid') return [];
      return [
        {
          type: 'RefundPaid',
          data: { originalId: s.originalId, at, refundId: refund.refundId, amount: refund.amount, providerReference: command.data.providerReference },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
