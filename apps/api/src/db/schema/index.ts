export * from './accounts.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './files.ts';
export * from './insurance.ts';
export * from './outbox.ts';
export * from './payments.ts';
export * from './polls.ts';
