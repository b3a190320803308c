export * from './commands';
export * from './events';
export * from './milestone.decider';
export * from './milestone.evolve';
export * from './milestone.labels';
export * from './milestone.money';
export * from './milestone.state';
export * from './upcasters';
