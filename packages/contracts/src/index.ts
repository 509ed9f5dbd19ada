export * from './auth.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './user.ts';
export * from './version.ts';
