export * from './elo.js';
export * from './game.js';
export * from './overall.js';
