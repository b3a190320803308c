export * from './event-store';
export * from './shared';
export * from './money';
export * from './projects';
export * from './milestones';
export * from './ledger';
export * from './api';
