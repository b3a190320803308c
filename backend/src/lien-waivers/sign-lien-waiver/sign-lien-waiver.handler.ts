import { invalid, type MilestoneCommand } from '@escrow/domain';
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
   * Signs the text the signer read (`readHash`, drawn up from the read model as the waiver's page
   * shows it); a text that changed meanwhile is refused. The decider is asked first, on the
   * milestone as its stream says, so a refused signature stores no text; the signature is then
   * decided on the stream, which is what counts.
   */
  async execute(c: SignLienWaiverCommand): Promise<{ waiverName: string }> {
    const ref = await this.access.requireMilestoneWaiverViewer(c.versionId, c.actor);
    const [state, write] = await Promise.all([this.reads.one(ref.originalId), this.streams.fetch(milestoneStream, ref.originalId)]);
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
    // A retry of a signature that was recorded (same Idempotency-Key; the payment may have gone
    // out since) has nothing to check: it is answered as the first one.
    write.check(command, { idempotencyKey: c.idempotencyKey });
    await this.documents.store(state, c.payment, c.payeeId, c.kind, doc);
    await write.decide(command, { idempotencyKey: c.idempotencyKey });
    await this.documents.recordSignature(doc.name, c.actor.userId, c.signedName.trim().replace(/\s+/g, ' '));
    return { waiverName: doc.name };
  }
}
