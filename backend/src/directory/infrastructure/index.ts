import type { EntityClass } from '@escrow/projections';

import { CompanyEntity, CompanyServiceEntity, ServiceEntity } from './company.entity';
import { ContractorApplicationEntity } from './contractor-application.entity';

export { CompanyEntity, CompanyServiceEntity, ServiceEntity } from './company.entity';
export { ContractorApplicationEntity } from './contractor-application.entity';

/** The directory context's tables. */
export const directoryEntities: EntityClass[] = [CompanyEntity, ServiceEntity, CompanyServiceEntity, ContractorApplicationEntity];
