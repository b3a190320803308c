export * from './fees';
export * from './money';
export * from './retainage';
