import type { NewProjectForm } from '@escrow/domain';
import { forbidden } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository } from '../../directory';
import type { SessionUser } from '../../identity';

/** GET /api/forms/jobs/new-job-form: services for the dropdown and what the form knows already (docs/product.md#api-calls). */
export class GetNewProjectForm extends Query<NewProjectForm> {
  constructor(
    readonly user: SessionUser,
    readonly customerInitiated: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetNewProjectForm)
export class GetNewProjectFormHandler implements IQueryHandler<GetNewProjectForm> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute({ user, customerInitiated }: GetNewProjectForm): Promise<NewProjectForm> {
    const services = await this.companies.allServices();
    if (customerInitiated) {
      return {
        services,
        formData: {
          customer_id: user.userId,
          customer_name: user.displayName,
          customerInitiated: true,
          company_id: null,
          service: null,
          primary_company_name: null,
        },
      };
    }
    if (user.companyId === null) throw forbidden('company_users_only', 'Only contractor company users can start a project for a buyer.');
    const company = (await this.companies.byId(user.companyId))!;
    // No service is preselected: the seller chooses it (docs/product.md#project-draft-and-submit: the next step waits for that choice).
    return { services, formData: { company_id: company.company_id, primary_company_name: company.name, service: null, customerInitiated: false } };
  }
}
