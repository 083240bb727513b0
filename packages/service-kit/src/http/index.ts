// The HTTP part: the express app every service answers with, its errors, input validation, the
// contracts' endpoints, identities, and the client for calls to neighbouring services.
export * from './app';
export { serverFor } from './server';
export * from './errors';
export * from './validate';
export * from './implement';
export * from './identity';
export * from './identity-token';
export * from '../internal';
export * from '../upstreams';
