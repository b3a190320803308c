export * from './migrations';
export * from './project.entity';
export * from './projects.projector';
