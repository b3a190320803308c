export * from './lien-waiver.text';
export * from './states';
