import { type BillingCommand, invalid, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { billingStream, EventStreams, metadataOf } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { BillingWaiverDocuments } from '../billing-waiver-documents';
import { LienWaiverDocuments } from '../lien-waiver-documents';
import { SignBillingLienWaiverCommand } from './sign-billing-lien-waiver.command';

@CommandHandler(SignBillingLienWaiverCommand)
export class SignBillingLienWaiverHandler implements ICommandHandler<SignBillingLienWaiverCommand> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly documents: BillingWaiverDocuments,
    private readonly texts: LienWaiverDocuments,
    private readonly streams: EventStreams,
  ) {}

  /**
   * Signs the text the signer read (`readHash`); a text that changed meanwhile is refused. The
   * decider is asked first, on the project's billing stream, so a refused signature (not the
   * payee, not due, already signed) stores no text and says why; the signature is then decided
   * on the stream, which is what counts.
   */
  async execute(c: SignBillingLienWaiverCommand): Promise<{ waiverName: string }> {
    const write = await this.streams.fetch(billingStream, c.projectId);
    const active = write.state.status === 'active' ? write.state : null;
    // A payee's users sign; anyone else learns no more of the project than ProjectAccess lets them.
    if (!active?.payouts.some((p) => p.payeeId === c.actor.companyId)) await this.access.requireViewer(c.projectId, c.actor);
    const payout = active?.payouts.find((p) => p.payoutId === c.payoutId);
    const doc = active && payout?.lienWaiverState ? await this.documents.textFor(active, c.payoutId, c.kind) : null;
    const command: BillingCommand = {
      type: 'SignBillingLienWaiver',
      data: {
        payoutId: c.payoutId,
        kind: c.kind,
        signedName: c.signedName,
        legalName: `${c.actor.firstName} ${c.actor.lastName}`,
        waiverHash: doc?.hash ?? c.readHash,
        waiverName: doc?.name ?? 'no-waiver',
      },
      metadata: metadataOf(c.actor),
    };
    // A retry of a signature that was recorded (same Idempotency-Key; the payout may have gone
    // out since) has nothing to check: it is answered as the first one.
    const fresh = write.check(command, { idempotencyKey: c.idempotencyKey }) === 'new';
    // The decider refuses a payout without a waiver; this is for the type checker.
    if (!active || !doc) throw notFound('payment_without_waiver', 'This payment has no lien waiver.');
    if (fresh && doc.hash !== c.readHash) throw invalid('waiver_changed', 'The waiver changed since you opened it. Read the new text and sign again.');
    await this.documents.store(active, c.payoutId, c.kind, doc);
    await write.decide(command, { idempotencyKey: c.idempotencyKey });
    await this.texts.recordSignature(doc.name, c.actor.userId, c.signedName.trim().replace(/\s+/g, ' '));
    return { waiverName: doc.name };
  }
}
