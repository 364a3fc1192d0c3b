export * from './primitives';
export * from './events';
export * from './auth';
export * from './listings';
export * from './messaging';
export * from './verification';
export * from './media';
