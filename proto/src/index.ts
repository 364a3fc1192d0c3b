export * from './events';
export * from './auth';
export * from './listings';
export * from './messaging';
