import type { AgreementView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';
import { AgreementsService } from '../agreements.service';
import { earlierSignaturesOf, signaturesOf } from '../signatures';

/** GET /api/job/{id}/agreement: the escrow agreement as the project's terms read now (/portal/project-agreement). */
export class GetAgreement extends Query<AgreementView> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(GetAgreement)
export class GetAgreementHandler implements IQueryHandler<GetAgreement> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly agreements: AgreementsService,
  ) {}

  async execute({ user, projectId: projectId }: GetAgreement): Promise<AgreementView> {
    const { viewer } = await this.access.requireViewer(projectId, user);
    const { project, text, hash, contractName } = await this.agreements.compose(projectId);
    return {
      job_id: projectId,
      contract_name: contractName,
      agreement_hash: hash,
      text,
      your_party: viewer === 'admin' ? null : viewer,
      signatures: signaturesOf(project, hash),
      earlier_signatures: earlierSignaturesOf(project, hash),
    };
  }
}
