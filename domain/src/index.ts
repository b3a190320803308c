export * from './api';
export * from './event-store';
export * from './ledger';
export * from './milestones';
export * from './money';
export * from './projects';
export * from './shared';
export * from './webhooks';
