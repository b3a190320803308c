export { API_SCHEMAS } from './api.schema';
export * from './integrity';
export * from './milestones';
export * from './webhooks';
