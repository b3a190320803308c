import { BadRequestException, Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IsIn, IsString, MaxLength, Matches } from 'class-validator';
import { decideProject, type ActiveProject, type ProjectCommand } from '@escrow/domain';
import type { Pool } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Access, CurrentUser } from '../identity/access.decorators';
import type { SessionUser } from '../identity/session-user';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { metadataOf } from '../escrow/actor';
import { DecideProjectCommand } from '../escrow/decide-commands';
import { ProjectAccess } from '../escrow/project-access.service';
import { MilestoneReads } from '../milestones/milestone-reads.service';
import { agreementHash, agreementText, contractNameOf } from './agreement-text';

export class SignAgreementRequest {
  @IsIn(['customer', 'company'], { message: 'signer_type is customer (the buyer) or company (the seller).' })
  signer_type!: 'customer' | 'company';

  @IsString({ message: 'Type your full name to sign.' })
  @MaxLength(200)
  signed_name!: string;

  /** The hash of the text the signer read: signing a text that changed meanwhile is refused. */
  @IsString({ message: 'agreement_hash must name the text you read.' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'agreement_hash must name the text you read.' })
  agreement_hash!: string;
}

/** The escrow agreement of a project, signed by typed name (/portal/project-agreement, /portal/signed). */
@Controller()
@Access('user')
export class AgreementsController {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    private readonly commandBus: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('job/:id/agreement')
  async current(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    const { viewer } = await this.access.requireViewer(jobId, user);
    const { project, text } = await this.compose(jobId);
    const hash = agreementHash(text);
    return {
      job_id: jobId,
      contract_name: contractNameOf(jobId, hash),
      agreement_hash: hash,
      text,
      your_party: viewer === 'admin' ? null : viewer,
      signatures: this.signaturesOf(project, hash),
    };
  }

  @Post('job/:id/agreement/sign')
  @HttpCode(200)
  async sign(@Param('id', ParseIdPipe) jobId: number, @Body() body: SignAgreementRequest, @CurrentUser() user: SessionUser) {
    await this.access.requireViewer(jobId, user);
    const { project, text } = await this.compose(jobId);
    const hash = agreementHash(text);
    if (hash !== body.agreement_hash) throw new BadRequestException('The agreement changed since you opened it. Read the new version and sign again.');
    const contractName = contractNameOf(jobId, hash);
    const metadata = metadataOf(user);
    const command: ProjectCommand = { type: 'SignProjectAgreement', data: { party: body.signer_type, signedName: body.signed_name, legalName: `${user.firstName} ${user.lastName}`, agreementHash: hash, contractName }, metadata };
    // Ask the (pure) decider first, so a refused signature (an admin, the wrong side) stores no
    // text; the command bus below decides again on the stream, which is what counts.
    decideProject(command, project);
    await this.pool.query('INSERT INTO signed_agreements (contract_name, job_id, agreement_hash, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [contractName, jobId, hash, text]);
    await this.commandBus.execute(new DecideProjectCommand(jobId, metadata, () => command));
    return this.signed(contractName, user);
  }

  @Get('agreements/:name')
  async signed(@Param('name') name: string, @CurrentUser() user: SessionUser) {
    const { rows } = await this.pool.query<{ job_id: number; agreement_hash: string; body: string; created_at: Date }>(
      'SELECT job_id, agreement_hash, body, created_at FROM signed_agreements WHERE contract_name = $1',
      [name],
    );
    if (!rows[0]) throw new NotFoundException('There is no signed agreement with that name.');
    await this.access.requireViewer(rows[0].job_id, user);
    const project = await this.project(rows[0].job_id);
    return { contract_name: name, job_id: rows[0].job_id, agreement_hash: rows[0].agreement_hash, text: rows[0].body, signatures: this.signaturesOf(project, rows[0].agreement_hash) };
  }

  private signaturesOf(project: ActiveProject, hash: string) {
    const of = (party: 'customer' | 'company') => {
      const s = project.signatures[party];
      return s && s.agreementHash === hash ? { signed_name: s.signedName, at: s.at } : null;
    };
    return { buyer: of('customer'), seller: of('company') };
  }

  private async project(jobId: number): Promise<ActiveProject> {
    const { rows } = await this.pool.query<{ state: ActiveProject }>('SELECT state FROM jobs WHERE job_id = $1', [jobId]);
    if (!rows[0]) throw new NotFoundException('There is no such project.');
    return rows[0].state;
  }

  private async compose(jobId: number) {
    const project = await this.project(jobId);
    if (project.primaryCompanyId === null) throw new BadRequestException('The project needs a seller before its agreement can be drawn up.');
    const milestones = await this.milestones.ofJob(jobId);
    const names = await this.milestones.namesFor(milestones, [project.customerId], [project.primaryCompanyId]);
    const text = agreementText(
      { jobId, service: project.service, buyerName: names.person(project.customerId) ?? `user ${project.customerId}`, sellerName: names.company(project.primaryCompanyId) ?? `company ${project.primaryCompanyId}`, responseDays: this.config.responseDeadlineDays },
      milestones,
      (id) => names.company(id) ?? `company ${id}`,
    );
    return { project, text };
  }
}
