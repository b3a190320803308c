export * from './bank-accounts.decider';
export * from './bank-accounts.state';
export * from './commands';
export * from './events';
export * from './payout-destination';
export * from './upcasters';
