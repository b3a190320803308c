export { DirectoryModule } from './directory.module';
export { DirectoryService, type PersonName } from './directory.service';
export { CompaniesRepository, toCompanyRead, type CompanyRow, type CompanyRead, type NewCompany } from './companies.repository';
export { STATES, ZIP_CODE, ZIP_CODE_MESSAGE, type State } from './directory.dto';
export { websiteLink, WEBSITE_RULE } from './website-link';
