export { type AdminCompanyRow, CompaniesRepository, type CompanyRead, type CompanyRow, type NewCompany, toCompanyRead } from './companies.repository';
export { type State, STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from './directory.dto';
export { DirectoryModule } from './directory.module';
export { directorySchema } from './directory.schema';
export { DirectoryService, type PersonName } from './directory.service';
export { WEBSITE_RULE, websiteLink } from './website-link';
