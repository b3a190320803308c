export * from './jobs.projector';
export * from './job.entity';
export * from './migrations';
