export * from './commands';
export * from './company.decider';
export * from './events';
export * from './permissions';
export * from './project-roles';
