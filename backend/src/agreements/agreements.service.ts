import { type ActiveProject, type CommandMetadata, decideProject, DomainError, type ProjectCommand } from '@escrow/domain';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, projectStream } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MilestoneReads } from '../read-models';
import { agreementHash, agreementText, contractNameOf } from './agreement-text';
import { signaturesOf, type SignedAgreementView } from './signatures';

/** The escrow agreement of a project: its text from the project's terms, and signing it. */
@Injectable()
export class AgreementsService {
  constructor(
    private readonly milestones: MilestoneReads,
    private readonly streams: EventStreams,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async project(jobId: number): Promise<ActiveProject> {
    const { rows } = await this.pool.query<{ state: ActiveProject }>('SELECT state FROM jobs WHERE job_id = $1', [jobId]);
    if (!rows[0]) throw new NotFoundException('There is no such project.');
    return rows[0].state;
  }

  async compose(jobId: number): Promise<{ project: ActiveProject; text: string; hash: string; contractName: string }> {
    const project = await this.project(jobId);
    if (project.primaryCompanyId === null) throw new BadRequestException('The project needs a seller before its agreement can be drawn up.');
    const milestones = await this.milestones.ofJob(jobId);
    const names = await this.milestones.namesFor(milestones, [project.customerId], [project.primaryCompanyId]);
    const text = agreementText(
      {
        jobId,
        service: project.service,
        buyerName: names.person(project.customerId) ?? `user ${project.customerId}`,
        sellerName: names.company(project.primaryCompanyId) ?? `company ${project.primaryCompanyId}`,
        responseDays: this.config.responseDeadlineDays,
      },
      milestones,
      (id) => names.company(id) ?? `company ${id}`,
    );
    const hash = agreementHash(text);
    return { project, text, hash, contractName: contractNameOf(jobId, hash) };
  }

  /**
   * Signs the text the signer read (`readHash`): a text that changed meanwhile is refused. The
   * pure decider is asked first, so a refused signature stores no text; the command bus then
   * decides again on the stream, which is what counts.
   */
  async sign(
    jobId: number,
    metadata: CommandMetadata,
    signature: { party: 'customer' | 'company'; signedName: string; legalName: string; readHash: string },
    idempotencyKey: string | null = null,
  ): Promise<SignedAgreementView> {
    const { project, text, hash, contractName } = await this.compose(jobId);
    if (hash !== signature.readHash) throw new BadRequestException('The agreement changed since you opened it. Read the new version and sign again.');
    const { party, signedName, legalName } = signature;
    const command: ProjectCommand = { type: 'SignProjectAgreement', data: { party, signedName, legalName, agreementHash: hash, contractName }, metadata };
    try {
      decideProject(command, project);
    } catch (error) {
      // A retry of a signature that was recorded (same Idempotency-Key) is answered as the
      // first one by the command side below; anything else is refused here, storing nothing.
      if (!(idempotencyKey && error instanceof DomainError && error.code === 'already_signed')) throw error;
    }
    await this.pool.query('INSERT INTO signed_agreements (contract_name, job_id, agreement_hash, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      contractName,
      jobId,
      hash,
      text,
    ]);
    const { state } = await this.streams.decide(projectStream, jobId, command, { idempotencyKey, metadataExtras: { jobId } });
    // Answered from the project as the decider left it: the new signature is in it.
    return { contract_name: contractName, job_id: jobId, agreement_hash: hash, text, signatures: signaturesOf(state as ActiveProject, hash) };
  }
}
