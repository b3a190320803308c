import {
  type ActiveMilestone,
  type ActiveProject,
  agreedSchedule,
  type AgreedVersion,
  agreedVersions,
  type AgreementStanding,
  agreementText,
  asVersionId,
  billingOf,
  type CommandMetadata,
  type DepositAgreement,
  invalid,
  listedVersions,
  type MilestoneState,
  notFound,
  type ProjectCommand,
  type ProjectState,
  schedulePayees,
} from '@escrow/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';

import { billingStream, EventStreams, milestoneStream, projectStream } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { DirectoryService } from '../directory';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { describeReturnWindow, ReturnWindowPolicy } from '../payments';
import { agreementHash, contractNameOf } from './agreement-text';
import { signaturesOf, type SignedAgreementView } from './signatures';

function activeOf(project: ProjectState): ActiveProject {
  if (project.status === 'none' || project.status === 'discarded') throw notFound('no_such_project', 'There is no such project.');
  return project;
}

type CurrentVersions = { original_id: number; current_m_id: number | null }[];

export interface ComposedAgreement {
  project: ActiveProject;
  /** The milestone versions the text lists. */
  agreed: AgreedVersion[];
  text: string;
  hash: string;
  contractName: string;
}

/**
 * The escrow agreement of a project: its text from the project's terms, signing it, and where the
 * signatures stand when money is about to move. The text is drawn up from the write side: the
 * project's stream, which records each milestone version both parties agree
 * (ProjectMilestoneAgreed), so a signature, a deposit and the page that shows it all read the
 * terms as they are, not as a lagging read model last saw them, and none reads every milestone.
 */
@Injectable()
export class AgreementsService {
  private readonly logger = new Logger('Agreements');

  constructor(
    private readonly directory: DirectoryService,
    private readonly streams: EventStreams,
    private readonly returnWindow: ReturnWindowPolicy,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The project as its stream says now. */
  async project(projectId: number): Promise<ActiveProject> {
    return activeOf(await this.streams.current(projectStream, projectId));
  }

  /**
   * The agreement as it reads now; `project` (and `milestones`), when the caller has just read the
   * project's stream (and the milestones' agreed versions).
   */
  async compose(projectId: number, project?: ActiveProject, milestones?: CurrentVersions): Promise<ComposedAgreement> {
    project ??= await this.project(projectId);
    if (project.primaryCompanyId === null) throw invalid('seller_required', 'The project needs a seller before its agreement can be drawn up.');
    // A progress-billed project's agreement states its approved schedule of values and change orders (the billing stream's).
    const [agreed, schedule] = await Promise.all([
      this.agreedOf(project, milestones ?? (await this.currentVersionsOf(projectId))),
      billingOf(project) === 'progress' ? this.streams.current(billingStream, projectId).then(agreedSchedule) : null,
    ]);
    const payees = [...agreed.flatMap((x) => x.version.terms.payees.map((p) => p.companyId)), ...(schedule ? schedulePayees(schedule) : [])];
    const names = await this.directory.names([project.customerId], [project.primaryCompanyId, ...payees]);
    const companyName = (id: number) => names.companies.get(id) ?? `company ${id}`;
    const text = agreementText({
      projectId,
      service: project.service,
      buyerName: names.people.get(project.customerId)?.displayName ?? `user ${project.customerId}`,
      sellerName: companyName(project.primaryCompanyId),
      terms: project.terms,
      agreed,
      companyName,
      responseDays: this.config.responseDeadlineDays,
      returnWindow: this.clearingTime(),
      schedule,
    });
    const hash = agreementHash(text);
    return { project, agreed, text, hash, contractName: contractNameOf(projectId, hash) };
  }

  /**
   * The milestone versions the agreement lists, as the project's stream recorded them: no
   * milestone's stream is read. The milestones' read model vouches for that record: a milestone
   * it shows agreed at a version the project's stream does not list (agreed before the project's
   * stream kept them, or a crash between the milestone's append and the project's) is read from
   * its own stream, and so is one the read model, lagging, still shows at an earlier version.
   */
  private async agreedOf(project: ActiveProject, rows: CurrentVersions): Promise<AgreedVersion[]> {
    const listed = new Map(listedVersions(project).map((x) => [x.originalId, x]));
    const unsure = rows.filter((r) => r.current_m_id !== null && r.current_m_id !== listed.get(r.original_id)?.version.versionId).map((r) => r.original_id);
    const read = await Promise.all(unsure.map((id) => this.streams.current(milestoneStream, id)));
    for (const id of unsure) listed.delete(id);
    return [...listed.values(), ...agreedVersions(read.filter((m): m is ActiveMilestone => m.status === 'active'))];
  }

  /** Each milestone of the project with its agreed version (null: none yet), as the milestones' read model shows them. */
  private async currentVersionsOf(projectId: number): Promise<CurrentVersions> {
    const { rows } = await this.pool.query<CurrentVersions[number]>('SELECT original_id, current_m_id FROM milestones WHERE job_id = $1', [projectId]);
    return rows;
  }

  /**
   * After a milestone's command: when it agreed a version (MilestoneVersionAgreed), the project's
   * agreement lists it from now on, in the name of whoever agreed it. The milestone's state says
   * which version is agreed now, so a retried or late approval records nothing. The milestone's
   * command is decided and stored already: a record that fails is logged, not answered, and the
   * agreement reads that milestone from its own stream until a later approval records it (see
   * agreedOf).
   */
  async recordAgreed(projectId: number, decided: { events: readonly { type: string }[]; state: MilestoneState }, metadata: CommandMetadata): Promise<void> {
    if (!decided.events.some((e) => e.type === 'MilestoneVersionAgreed') || decided.state.status !== 'active') return;
    const [agreed] = agreedVersions([decided.state]);
    if (!agreed) return;
    try {
      await this.streams.decide(projectStream, projectId, {
        type: 'RecordAgreedMilestone',
        data: { originalId: agreed.originalId, ...agreed.version },
        metadata,
      });
    } catch (error) {
      this.logger.warn(
        `The agreement of project ${projectId} did not record milestone ${agreed.originalId} at version ${agreed.version.versionId}: ${String(error)}`,
      );
    }
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
    // Both reads go out at once (in one round trip when the caller gathers its queries).
    const [project, milestones] = await Promise.all([this.project(projectId), this.currentVersionsOf(projectId)]);
    // No seller yet, no agreement: the decider refuses the deposit for what comes first (a draft).
    if (project.primaryCompanyId === null) return { versionId: null, customer: 'unsigned', company: 'unsigned' };
    const { agreed, hash } = await this.compose(projectId, project, milestones);
    const listed = agreed.find((x) => x.originalId === originalId);
    const standing = (party: 'customer' | 'company'): AgreementStanding => {
      const signature = project.signatures[party];
      if (!signature) return 'unsigned';
      return signature.agreementHash === hash ? 'signed' : 'changed';
    };
    return { versionId: listed ? asVersionId(listed.version.versionId) : null, customer: standing('customer'), company: standing('company') };
  }

  /**
   * Signs the text the signer read (`readHash`): a text that changed meanwhile is refused. The
   * decider is asked first on the project as read, so a refused signature stores no text; the
   * signature is then decided on the stream, which is what counts.
   */
  async sign(
    projectId: number,
    metadata: CommandMetadata,
    signature: { party: 'customer' | 'company'; signedName: string; legalName: string; readHash: string },
    idempotencyKey: string | null = null,
  ): Promise<SignedAgreementView> {
    const write = await this.streams.fetch(projectStream, projectId);
    const { text, hash, contractName } = await this.compose(projectId, activeOf(write.state));
    if (hash !== signature.readHash) throw invalid('agreement_text_changed', 'The agreement changed since you opened it. Read the new version and sign again.');
    const { party, signedName, legalName } = signature;
    const command: ProjectCommand = { type: 'SignProjectAgreement', data: { party, signedName, legalName, agreementHash: hash, contractName }, metadata };
    // The rules first: a refused signature stores no text. A retry of one that was recorded (same
    // Idempotency-Key) has nothing to check: it is answered as the first one below.
    write.check(command, { idempotencyKey });
    await this.pool.query('INSERT INTO signed_agreements (contract_name, job_id, agreement_hash, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      contractName,
      projectId,
      hash,
      text,
    ]);
    const { state } = await write.decide(command, { idempotencyKey });
    // Answered from the project as the decider left it: the new signature is in it.
    return { contract_name: contractName, job_id: projectId, agreement_hash: hash, text, signatures: signaturesOf(state as ActiveProject, hash) };
  }
}
