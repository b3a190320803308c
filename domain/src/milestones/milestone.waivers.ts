import { requireWaiverSignature } from '../lien-waivers/lien-waiver.signature';
import type { SiteState } from '../lien-waivers/states';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import type { IssuedWaiver, SignLienWaiver } from './commands';
import type { MilestoneEvent, WaiverKind, WaiverPayment } from './events';
import type { ActiveMilestone, LienWaiverState } from './milestone.state';

/** A payment to a payee that lien waivers are exchanged for: a disbursement, or a retainage release. */
export interface WaiverPaymentState {
  payeeId: number;
  companyId: number;
  amount: string;
  status: 'requested' | 'paid';
  requestedAt: string;
  paidAt: string | null;
  lienWaiverState: SiteState | null;
}

export function paymentOf(s: ActiveMilestone, payment: WaiverPayment, payeeId: number): WaiverPaymentState | null {
  const list: WaiverPaymentState[] = payment === 'disbursement' ? s.disbursements : s.retainageReleases;
  return list.find((p) => p.payeeId === payeeId) ?? null;
}

export function waiverOf(s: ActiveMilestone, payment: WaiverPayment, payeeId: number, kind: WaiverKind): LienWaiverState | null {
  // An unconditional waiver may be recorded as issued, then signed: the signed one counts.
  const matching = s.waivers.filter((w) => w.payment === payment && w.payeeId === payeeId && w.kind === kind);
  return matching.find((w) => w.signedBy !== null) ?? matching[0] ?? null;
}

/** A waiver this milestone's payments call for, and where it stands. */
export interface WaiverDue {
  payment: WaiverPayment;
  payeeId: number;
  companyId: number;
  kind: WaiverKind;
  amount: string;
  siteState: SiteState;
  /** The payment was asked for (or, for an unconditional waiver, reached the payee) at. */
  dueSince: string;
  waiver: LienWaiverState | null;
}

/**
 * Every waiver the milestone's payments call for: a conditional one per payment from when it is
 * asked for (the payment waits for it), an unconditional one per payment that reached its payee.
 */
export function waiversOf(s: ActiveMilestone): WaiverDue[] {
  const payments: [WaiverPayment, WaiverPaymentState][] = [
    ...s.disbursements.map((d): [WaiverPayment, WaiverPaymentState] => ['disbursement', d]),
    ...s.retainageReleases.map((r): [WaiverPayment, WaiverPaymentState] => ['retainage', r]),
  ];
  return payments.flatMap(([payment, p]) => {
    if (p.lienWaiverState === null) return [];
    const base = { payment, payeeId: p.payeeId, companyId: p.companyId, amount: p.amount, siteState: p.lienWaiverState };
    const conditional = { ...base, kind: 'conditional' as const, dueSince: p.requestedAt, waiver: waiverOf(s, payment, p.payeeId, 'conditional') };
    if (p.status !== 'paid') return [conditional];
    return [
      conditional,
      { ...base, kind: 'unconditional' as const, dueSince: p.paidAt ?? p.requestedAt, waiver: waiverOf(s, payment, p.payeeId, 'unconditional') },
    ];
  });
}

/** Payments asked for whose payee has not signed the conditional waiver yet: they are not paid out before it. */
export const awaitingConditionalWaivers = (s: ActiveMilestone): WaiverDue[] =>
  waiversOf(s).filter((w) => w.kind === 'conditional' && w.waiver === null && paymentOf(s, w.payment, w.payeeId)?.status !== 'paid');

/** The unconditional waiver recorded when a payment that exchanges waivers reached its payee. */
export function unconditionalWaiverIssued(
  s: ActiveMilestone,
  payment: WaiverPayment,
  paid: WaiverPaymentState,
  issued: IssuedWaiver | null | undefined,
  at: string,
): MilestoneEvent[] {
  if (paid.lienWaiverState === null || !issued || waiverOf(s, payment, paid.payeeId, 'unconditional')) return [];
  return [
    {
      type: 'LienWaiverIssued',
      data: {
        originalId: s.originalId,
        at,
        payment,
        payeeId: paid.payeeId,
        companyId: paid.companyId,
        kind: 'unconditional',
        amount: paid.amount,
        siteState: paid.lienWaiverState,
        waiverHash: issued.waiverHash,
        waiverName: issued.waiverName,
      },
    },
  ];
}

/**
 * A user of the payee company signs a lien waiver for exactly one payment: the conditional one
 * before the payment goes out, the unconditional one once it reached them. Nobody else can sign
 * it, not even the project's parties.
 */
export function decideLienWaiver(command: SignLienWaiver, s: ActiveMilestone): MilestoneEvent[] {
  const { metadata, data } = command;
  if (data.payment !== 'disbursement' && data.payment !== 'retainage')
    throw invalid('waiver_payment_invalid', 'A lien waiver is for a disbursement or a retainage release.');
  if (data.kind !== 'conditional' && data.kind !== 'unconditional') throw invalid('waiver_kind_invalid', 'A lien waiver is conditional or unconditional.');
  const payment = paymentOf(s, data.payment, data.payeeId);
  if (!payment) throw notFound('payment_not_found', 'There is no such payment on this milestone.');
  if (metadata.actorRole !== 'company' || metadata.actorCompanyId !== payment.companyId) {
    throw forbidden('not_the_payee', "Only a user of the payee's company can sign its lien waivers.");
  }
  if (payment.lienWaiverState === null) throw conflict('no_waiver', 'This payment needs no lien waiver: the project names no job-site state.');
  if (data.kind === 'conditional') {
    if (payment.status === 'paid') throw conflict('already_paid', 'This payment has reached you: sign its unconditional waiver instead.');
  } else if (payment.status !== 'paid') {
    throw conflict('not_paid', 'The unconditional waiver is signed once the payment has reached you; sign the conditional one now.');
  }
  if (waiverOf(s, data.payment, data.payeeId, data.kind)?.signedBy != null) throw conflict('already_signed', 'You have already signed this waiver.');
  requireWaiverSignature(data);
  return [
    {
      type: 'LienWaiverSigned',
      data: {
        originalId: s.originalId,
        at: metadata.now,
        payment: data.payment,
        payeeId: payment.payeeId,
        companyId: payment.companyId,
        kind: data.kind,
        amount: payment.amount,
        siteState: payment.lienWaiverState,
        waiverHash: data.waiverHash,
        waiverName: data.waiverName,
        by: metadata.actorId,
      },
    },
  ];
}
