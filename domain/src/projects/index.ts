export { agreedSchedule, schedulePayees } from './agreement.schedule';
export * from './agreement.text';
export * from './commands';
export * from './events';
export * from './project.decider';
export * from './project.retainage';
export * from './project.retainage-evidence';
