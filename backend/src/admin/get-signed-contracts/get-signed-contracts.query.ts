import { type AgreementSignatureView, type EventStore, type ProjectEvent, type SignedContractRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ProjectAccess } from '../../read-models';

/**
 * GET /api/admin/job/{id}/contracts: every agreement text of a project that someone signed, with
 * each party's signature of that very text. Signatures come from the project's events, so a text
 * signed before the milestones changed keeps its signatures even after a party signed a newer text.
 */
export class GetSignedContracts extends Query<SignedContractRow[]> {
  constructor(readonly projectId: number) {
    super();
  }
}

@QueryHandler(GetSignedContracts)
export class GetSignedContractsHandler implements IQueryHandler<GetSignedContracts> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: ProjectAccess,
  ) {}

  async execute({ projectId: projectId }: GetSignedContracts): Promise<SignedContractRow[]> {
    await this.access.job(projectId);
    const { rows } = await this.pool.query<{ contract_name: string; agreement_hash: string; created_at: Date }>(
      'SELECT contract_name, agreement_hash, created_at FROM signed_agreements WHERE job_id = $1 ORDER BY created_at',
      [projectId],
    );
    const signatures = new Map<string, { buyer: AgreementSignatureView | null; seller: AgreementSignatureView | null }>();
    for (const e of await this.store.readStream(`job-${projectId}`)) {
      if (e.type !== 'ProjectAgreementSigned') continue;
      const data = (e as unknown as { data: Extract<ProjectEvent, { type: 'ProjectAgreementSigned' }>['data'] }).data;
      const entry = signatures.get(data.contractName) ?? { buyer: null, seller: null };
      entry[data.party === 'customer' ? 'buyer' : 'seller'] = {
        signed_name: data.signedName,
        at: data.at,
        signer_company_role: data.signerCompanyRole ?? null,
      };
      signatures.set(data.contractName, entry);
    }
    return rows.map((r) => ({
      contract_name: r.contract_name,
      agreement_hash: r.agreement_hash,
      first_signed_at: r.created_at.toISOString(),
      buyer: signatures.get(r.contract_name)?.buyer ?? null,
      seller: signatures.get(r.contract_name)?.seller ?? null,
    }));
  }
}
