import { decideMilestone, DomainError, invalid, type MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { LienWaiverDocuments } from '../lien-waiver-documents';
import { SignLienWaiverCommand } from './sign-lien-waiver.command';

@CommandHandler(SignLienWaiverCommand)
export class SignLienWaiverHandler implements ICommandHandler<SignLienWaiverCommand> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly documents: LienWaiverDocuments,
    private readonly streams: EventStreams,
  ) {}

  /**
   * Signs the text the signer read (`readHash`); a text that changed meanwhile is refused. The
   * pure decider is asked first on the read model, so a refused signature stores no text; the
   * stream then decides again, which is what counts.
   */
  async execute(c: SignLienWaiverCommand): Promise<{ waiverName: string }> {
    const ref = await this.access.requireMilestoneWaiverViewer(c.versionId, c.actor);
    const state = await this.reads.one(ref.originalId);
    const doc = await this.documents.textFor(state, c.payment, c.payeeId, c.kind);
    if (doc.hash !== c.readHash) throw invalid('waiver_changed', 'The waiver changed since you opened it. Read the new text and sign again.');
    const command: MilestoneCommand = {
      type: 'SignLienWaiver',
      data: {
        payment: c.payment,
        payeeId: c.payeeId,
        kind: c.kind,
        signedName: c.signedName,
        legalName: `${c.actor.firstName} ${c.actor.lastName}`,
        waiverHash: doc.hash,
        waiverName: doc.name,
      },
      metadata: metadataOf(c.actor),
    };
    try {
      decideMilestone(command, state);
    } catch (error) {
      // A retry of a signature that was recorded (same Idempotency-Key; the payment may have gone
      // out since) is answered as the first one by the command side below; anything else is
      // refused here, storing nothing.
      const mine = state.waivers.some((w) => w.waiverName === doc.name && w.signedBy === c.actor.userId);
      if (!(c.idempotencyKey && mine && error instanceof DomainError)) throw error;
    }
    await this.documents.store(state, c.payment, c.payeeId, c.kind, doc);
    await this.streams.decide(milestoneStream, ref.originalId, command, { idempotencyKey: c.idempotencyKey });
    await this.documents.recordSignature(doc.name, c.actor.userId, c.signedName.trim().replace(/\s+/g, ' '));
    return { waiverName: doc.name };
  }
}
