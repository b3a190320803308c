export * from './command';
export * from './error-codes';
export * from './errors';
export * from './text';
