import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { AgreementsService } from '../agreements.service';
import type { SignedAgreementView } from '../signatures';
import { SignAgreement } from './sign-agreement.command';

@CommandHandler(SignAgreement)
export class SignAgreementHandler implements ICommandHandler<SignAgreement> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly agreements: AgreementsService,
  ) {}

  async execute(c: SignAgreement): Promise<SignedAgreementView> {
    await this.access.requireViewer(c.projectId, c.actor);
    const legalName = `${c.actor.firstName} ${c.actor.lastName}`;
    return this.agreements.sign(
      c.projectId,
      metadataOf(c.actor),
      { party: c.party, signedName: c.signedName, legalName, readHash: c.readHash },
      c.idempotencyKey,
    );
  }
}
