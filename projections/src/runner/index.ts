export * from './projector';
export * from './checkpoints';
export * from './projection-runner';
export * from './rebuild';
export * from './table-compare';
export * from './transient-errors';
export * from './copy-events';
export * from './cli';
