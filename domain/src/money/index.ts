export * from './fees';
export * from './money';
