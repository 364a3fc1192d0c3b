export * from './events';
export * from './auth';
