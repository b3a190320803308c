export * from './command';
export * from './errors';
export * from './text';
