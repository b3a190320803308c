import type { ProjectDraftBasics } from '@escrow/domain';
import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { CompaniesRepository } from '../../directory';
import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, type SessionUser, UsersRepository } from '../../identity';
import { UpdateJobBasicsRequest } from '../project-requests.dto';
import { UpdateDraft } from './update-draft.command';

@Controller()
@Access('user')
export class UpdateDraftController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Changes the draft's buyer, seller or service; answers the normalised primary and state (docs/product.md#api-calls). */
  @Answers('ProjectDraftBasics')
  @MemberMay('projects.edit')
  @Put('job/basic')
  @HttpCode(200)
  async update(@Body() body: UpdateJobBasicsRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null): Promise<ProjectDraftBasics> {
    const projectId = body.state.job_id;
    if (!projectId) throw invalidParam('state.job_id', 'state.job_id must name the draft to update.');
    const named = body.primary?.company_id ?? body.primary?.primary_company_id ?? body.state.primary_company_id ?? null;
    const { primaryCompanyId } = await this.commandBus.execute(new UpdateDraft(user, projectId, body.state.customer_id, body.state.service, named, key));
    const company = primaryCompanyId ? await this.companies.byId(primaryCompanyId) : null;
    const customer = await this.users.byId(body.state.customer_id);
    return {
      primary: company ? { company_id: company.company_id, primary_company_id: company.company_id, primary_company_name: company.name } : null,
      state: {
        ...body.state,
        job_id: projectId,
        service: body.state.service.trim(),
        primary_company_id: primaryCompanyId,
        primary_company_name: company?.name ?? null,
        customer_name: customer ? `${customer.first_name} ${customer.last_name}` : body.state.customer_name,
      },
    };
  }
}
