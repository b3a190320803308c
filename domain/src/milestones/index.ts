export * from './events';
export * from './commands';
export * from './milestone.state';
export * from './milestone.evolve';
export * from './milestone.decider';
export * from './milestone.money';
export * from './milestone.labels';
export * from './upcasters';
