export * from './sandbox-test-accounts';
