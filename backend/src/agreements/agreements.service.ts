import {
  type ActiveMilestone,
  type ActiveProject,
  agreedVersions,
  type AgreementStanding,
  agreementText,
  type CommandMetadata,
  decideProject,
  type DepositAgreement,
  DomainError,
  invalid,
  notFound,
  type ProjectCommand,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, milestoneStream, projectStream } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { describeReturnWindow, ReturnWindowPolicy } from '../payments';
import { MilestoneReads } from '../read-models';
import { agreementHash, contractNameOf } from './agreement-text';
import { signaturesOf, type SignedAgreementView } from './signatures';

export interface ComposedAgreement {
  project: ActiveProject;
  milestones: ActiveMilestone[];
  text: string;
  hash: string;
  contractName: string;
}

/**
 * The escrow agreement of a project: its text from the project's terms, signing it, and where the
 * signatures stand when money is about to move. The text is drawn up from the write side (the
 * project's and its milestones' streams), so a signature, a deposit and the page that shows it
 * all read the terms as they are, not as a lagging read model last saw them.
 */
@Injectable()
export class AgreementsService {
  constructor(
    private readonly milestones: MilestoneReads,
    private readonly streams: EventStreams,
    private readonly returnWindow: ReturnWindowPolicy,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The project as its stream says now. */
  async project(projectId: number): Promise<ActiveProject> {
    const project = await this.streams.current(projectStream, projectId);
    if (project.status === 'none' || project.status === 'discarded') throw notFound('no_such_project', 'There is no such project.');
    return project;
  }

  async compose(projectId: number): Promise<ComposedAgreement> {
    const project = await this.project(projectId);
    if (project.primaryCompanyId === null) throw invalid('seller_required', 'The project needs a seller before its agreement can be drawn up.');
    // The read model only says which milestones the project has; their terms come from their streams.
    const { rows } = await this.pool.query<{ original_id: number }>('SELECT original_id FROM milestones WHERE job_id = $1 ORDER BY original_id', [projectId]);
    const milestones = (await Promise.all(rows.map((r) => this.streams.current(milestoneStream, r.original_id)))).filter(
      (m): m is ActiveMilestone => m.status === 'active',
    );
    const names = await this.milestones.namesFor(milestones, [project.customerId], [project.primaryCompanyId]);
    const text = agreementText({
      jobId: projectId,
      service: project.service,
      buyerName: names.person(project.customerId) ?? `user ${project.customerId}`,
      sellerName: names.company(project.primaryCompanyId) ?? `company ${project.primaryCompanyId}`,
      terms: project.terms,
      milestones,
      companyName: (id) => names.company(id) ?? `company ${id}`,
      responseDays: this.config.responseDeadlineDays,
      returnWindow: this.clearingTime(),
    });
    const hash = agreementHash(text);
    return { project, milestones, text, hash, contractName: contractNameOf(projectId, hash) };
  }

  /** The ACH return window in force, in words; null when settled funds clear at once. */
  private clearingTime(): string | null {
    const window = this.returnWindow.window;
    const none = window.unit === 'ms' ? window.ms === 0 : window.days === 0;
    return none ? null : describeReturnWindow(window);
  }

  /**
   * Where the signatures stand for a deposit on one milestone: whether each party signed the
   * agreement as it reads now (or an earlier text), and which version of the milestone that
   * text lists. The milestone's decider checks the version against its stream.
   */
  async forDeposit(projectId: number, originalId: number): Promise<DepositAgreement> {
    // No seller yet, no agreement: the decider refuses the deposit for what comes first (a draft).
    if ((await this.project(projectId)).primaryCompanyId === null) return { versionId: null, customer: 'unsigned', company: 'unsigned' };
    const { project, milestones, hash } = await this.compose(projectId);
    const listed = agreedVersions(milestones).find((x) => x.milestone.originalId === originalId);
    const standing = (party: 'customer' | 'company'): AgreementStanding => {
      const signature = project.signatures[party];
      if (!signature) return 'unsigned';
      return signature.agreementHash === hash ? 'signed' : 'changed';
    };
    return { versionId: listed?.version.versionId ?? null, customer: standing('customer'), company: standing('company') };
  }

  /**
   * Signs the text the signer read (`readHash`): a text that changed meanwhile is refused. The
   * pure decider is asked first, so a refused signature stores no text; the command bus then
   * decides again on the stream, which is what counts.
   */
  async sign(
    projectId: number,
    metadata: CommandMetadata,
    signature: { party: 'customer' | 'company'; signedName: string; legalName: string; readHash: string },
    idempotencyKey: string | null = null,
  ): Promise<SignedAgreementView> {
    const { project, text, hash, contractName } = await this.compose(projectId);
    if (hash !== signature.readHash) throw invalid('agreement_changed', 'The agreement changed since you opened it. Read the new version and sign again.');
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
      projectId,
      hash,
      text,
    ]);
    const { state } = await this.streams.decide(projectStream, projectId, command, { idempotencyKey });
    // Answered from the project as the decider left it: the new signature is in it.
    return { contract_name: contractName, job_id: projectId, agreement_hash: hash, text, signatures: signaturesOf(state as ActiveProject, hash) };
  }
}
