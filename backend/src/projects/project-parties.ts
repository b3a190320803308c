import { invalid } from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { CompaniesRepository } from '../directory';
import { UsersRepository } from '../identity';

/** The buyer and seller a draft names must exist, and an administrator is nobody's buyer. */
@Injectable()
export class ProjectParties {
  constructor(
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  async check(customerId: number, primaryCompanyId: number | null): Promise<void> {
    const customer = await this.users.byId(customerId);
    if (!customer) throw invalid('unknown_buyer', 'There is no buyer with that customer_id.');
    if (customer.role === 'admin') throw invalid('admin_as_buyer', 'An administrator cannot be the buyer of a project.');
    if (primaryCompanyId !== null && !(await this.companies.byId(primaryCompanyId)))
      throw invalid('unknown_seller', 'There is no seller company with that id.');
  }
}
