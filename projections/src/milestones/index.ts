export * from './milestones.projector';
export * from './migrations';
