export * from './errors';
export * from './command';
export * from './text';
