export * from './migrations';
export * from './milestone.entity';
export * from './milestones.projector';
