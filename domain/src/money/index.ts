export * from './money';
export * from './fees';
