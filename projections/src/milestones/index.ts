export * from './migrations';
export * from './milestones.projector';
