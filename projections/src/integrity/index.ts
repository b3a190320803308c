export * from './audit-bundle';
export * from './audit-bundle-files';
export * from './chain-checks';
export * from './chain-walk';
export * from './event-hashes';
export * from './stored-files';
