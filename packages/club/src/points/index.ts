// Issue 15's points: seed-004 evening scores, the season table, the FIIM series table (pure, no I/O).
export * from './display.js';
export * from './evening.js';
export * from './season.js';
export * from './series.js';
