export * from './postings';
