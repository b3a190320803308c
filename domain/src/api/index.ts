export { API_SCHEMAS } from './api.schema';
export * from './health';
export * from './milestones';
export * from './retainage';
