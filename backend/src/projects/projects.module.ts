import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { IdentityModule } from '../identity';
import { ReadModelsModule } from '../read-models';
import { CreateDraftHandler } from './create-draft/create-draft.handler';
import { CreateDraftController } from './create-draft/create-draft.http.controller';
import { DiscardDraftHandler } from './discard-draft/discard-draft.handler';
import { DiscardDraftController } from './discard-draft/discard-draft.http.controller';
import { GetNewProjectFormController } from './get-new-project-form/get-new-project-form.http.controller';
import { GetNewProjectFormHandler } from './get-new-project-form/get-new-project-form.query';
import { GetProjectController } from './get-project/get-project.http.controller';
import { GetProjectHandler } from './get-project/get-project.query';
import { GetProjectHistoryController } from './get-project-history/get-project-history.http.controller';
import { GetProjectHistoryHandler } from './get-project-history/get-project-history.query';
import { GetProjectPaymentsController } from './get-project-payments/get-project-payments.http.controller';
import { GetProjectPaymentsHandler } from './get-project-payments/get-project-payments.query';
import { ListProjectsController } from './list-projects/list-projects.http.controller';
import { ListProjectsHandler } from './list-projects/list-projects.query';
import { ProjectParties } from './project-parties';
import { ProjectSummaries } from './project-summaries';
import { SubmitProjectHandler } from './submit-project/submit-project.handler';
import { SubmitProjectController } from './submit-project/submit-project.http.controller';
import { UpdateDraftHandler } from './update-draft/update-draft.handler';
import { UpdateDraftController } from './update-draft/update-draft.http.controller';

/** The new-project flow (docs/product.md#new-project-screen) and the project pages of the portal. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, DirectoryModule, IdentityModule],
  controllers: [
    CreateDraftController,
    UpdateDraftController,
    SubmitProjectController,
    DiscardDraftController,
    GetNewProjectFormController,
    ListProjectsController,
    GetProjectController,
    GetProjectPaymentsController,
    GetProjectHistoryController,
  ],
  providers: [
    ProjectParties,
    ProjectSummaries,
    CreateDraftHandler,
    UpdateDraftHandler,
    SubmitProjectHandler,
    DiscardDraftHandler,
    GetNewProjectFormHandler,
    ListProjectsHandler,
    GetProjectHandler,
    GetProjectPaymentsHandler,
    GetProjectHistoryHandler,
  ],
  exports: [ProjectSummaries],
})
export class ProjectsModule {}
