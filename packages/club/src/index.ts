export * from './seed003.js';
export * from './penalties.js';
export * from './invitationList.js';
export * from './seats.js';
export * from './ledger.js';
export * from './nickname.js';
export * from './rating/index.js';
export * from './points/index.js';
