import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { ApplicationsController } from './applications.controller';
import { CompaniesRepository } from './companies.repository';
import { CustomersController } from './customers.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryService } from './directory.service';

@Module({
  imports: [IdentityModule, MailModule],
  controllers: [DirectoryController, CustomersController, ApplicationsController],
  providers: [CompaniesRepository, DirectoryService],
  exports: [CompaniesRepository, DirectoryService],
})
export class DirectoryModule {}
