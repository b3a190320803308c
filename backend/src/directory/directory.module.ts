import { Global, Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller';
import { CompaniesRepository } from './companies.repository';
import { CustomersController } from './customers.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryService } from './directory.service';

@Global()
@Module({
  controllers: [DirectoryController, CustomersController, ApplicationsController],
  providers: [CompaniesRepository, DirectoryService],
  exports: [CompaniesRepository, DirectoryService],
})
export class DirectoryModule {}
