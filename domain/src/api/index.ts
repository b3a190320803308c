export { API_SCHEMAS } from './api.schema';
export * from './milestones';
export * from './integrity';
