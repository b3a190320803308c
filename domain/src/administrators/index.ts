export * from './administrators.decider';
export * from './commands';
export * from './events';
