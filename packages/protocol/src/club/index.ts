export * from './account.js';
export * from './ledger.js';
export * from './members.js';
export * from './evenings.js';
export * from './door.js';
export * from './ratings.js';
export * from './results.js';
export * from './corrections.js';
