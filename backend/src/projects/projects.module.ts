import { Module } from '@nestjs/common';
import { CreateJobDraftHandler } from './create-job-draft/create-job-draft.handler';
import { GetJobHandler } from './queries/get-job/get-job.handler';

@Module({ providers: [CreateJobDraftHandler, GetJobHandler] })
export class ProjectsModule {}
