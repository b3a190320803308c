import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { ApplicationsController } from './applications.controller';
import { ApplicationsRepository } from './applications.repository';
import { CompaniesRepository } from './companies.repository';
import { CustomersController } from './customers.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryService } from './directory.service';

@Module({
  imports: [IdentityModule, MailModule],
  controllers: [DirectoryController, CustomersController, ApplicationsController],
  providers: [CompaniesRepository, ApplicationsRepository, DirectoryService],
  exports: [CompaniesRepository, DirectoryService],
})
export class DirectoryModule {}
