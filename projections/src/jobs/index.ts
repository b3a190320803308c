export * from './job.entity';
export * from './jobs.projector';
export * from './migrations';
