export { API_SCHEMAS } from './api.schema';
export * from './bank-accounts';
export * from './directory';
export * from './health';
export * from './identity';
export * from './integrity';
export * from './milestones';
export * from './retainage';
export * from './webhooks';
