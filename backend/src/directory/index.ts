export { type AdminCompanyRow, CompaniesRepository, type CompanyRow, type NewCompany, toCompanyRead } from './companies.repository';
export { STATE_MESSAGE, STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from './company-address';
export { DirectoryModule } from './directory.module';
export { directorySchema } from './directory.schema';
export { DirectoryService } from './directory.service';
export { websiteLink } from './website-link';
