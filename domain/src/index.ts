export * from './event-store';
export * from './shared';
export * from './projects';
