export * from './milestones';
export { API_SCHEMAS } from './api.schema';
