import { Body, Controller, Get, Headers, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { idempotencyKeyOf } from '../escrow/ids.service';
import { IsIn, IsString, MaxLength, Matches } from 'class-validator';
import type { ActiveProject } from '@escrow/domain';
import type { Pool } from 'pg';
import { Access, CurrentUser } from '../identity/access.decorators';
import type { SessionUser } from '../identity/session-user';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { metadataOf } from '../escrow/actor';
import { ProjectAccess } from '../escrow/project-access.service';
import { AgreementsService } from './agreements.service';

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
    private readonly agreements: AgreementsService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get('job/:id/agreement')
  async current(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    const { viewer } = await this.access.requireViewer(jobId, user);
    const { project, text, hash, contractName } = await this.agreements.compose(jobId);
    return {
      job_id: jobId,
      contract_name: contractName,
      agreement_hash: hash,
      text,
      your_party: viewer === 'admin' ? null : viewer,
      signatures: this.signaturesOf(project, hash),
    };
  }

  @Post('job/:id/agreement/sign')
  @HttpCode(200)
  async sign(@Param('id', ParseIdPipe) jobId: number, @Body() body: SignAgreementRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    await this.access.requireViewer(jobId, user);
    const contractName = await this.agreements.sign(jobId, metadataOf(user), { party: body.signer_type, signedName: body.signed_name, legalName: `${user.firstName} ${user.lastName}`, readHash: body.agreement_hash }, key);
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
    const project = await this.agreements.project(rows[0].job_id);
    return { contract_name: name, job_id: rows[0].job_id, agreement_hash: rows[0].agreement_hash, text: rows[0].body, signatures: this.signaturesOf(project, rows[0].agreement_hash) };
  }

  private signaturesOf(project: ActiveProject, hash: string) {
    const of = (party: 'customer' | 'company') => {
      const s = project.signatures[party];
      return s && s.agreementHash === hash ? { signed_name: s.signedName, at: s.at } : null;
    };
    return { buyer: of('customer'), seller: of('company') };
  }
}
