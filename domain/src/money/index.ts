export * from './fees';
export * from './money';
export * from './percent';
export * from './retainage';
