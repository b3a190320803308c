export * from './audit-bundle';
export * from './chain-checks';
export * from './chain-walk';
export * from './event-hashes';
export * from './stored-files';
