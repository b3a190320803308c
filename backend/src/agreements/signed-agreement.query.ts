import { notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { ProjectAccess } from '../read-models';
import { AgreementsService } from './agreements.service';
import { signaturesOf, type SignedAgreementView } from './signatures';

/** GET /api/agreements/{name}: a signed text as it was signed (/portal/signed/{contract_name}). */
export class GetSignedAgreement extends Query<SignedAgreementView> {
  constructor(
    readonly user: SessionUser,
    readonly contractName: string,
  ) {
    super();
  }
}

@QueryHandler(GetSignedAgreement)
export class GetSignedAgreementHandler implements IQueryHandler<GetSignedAgreement> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly agreements: AgreementsService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ user, contractName }: GetSignedAgreement): Promise<SignedAgreementView> {
    const { rows } = await this.pool.query<{ job_id: number; agreement_hash: string; body: string }>(
      'SELECT job_id, agreement_hash, body FROM signed_agreements WHERE contract_name = $1',
      [contractName],
    );
    if (!rows[0]) throw notFound('no_such_signed_agreement', 'There is no signed agreement with that name.');
    await this.access.requireViewer(rows[0].job_id, user);
    const project = await this.agreements.project(rows[0].job_id);
    return {
      contract_name: contractName,
      job_id: rows[0].job_id,
      agreement_hash: rows[0].agreement_hash,
      text: rows[0].body,
      signatures: signaturesOf(project, rows[0].agreement_hash),
    };
  }
}
