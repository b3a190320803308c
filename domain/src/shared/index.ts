export * from './errors';
export * from './command';
