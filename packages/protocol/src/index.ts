export * from './ids.js';
export * from './names.js';
export * from './version.js';
export * from './commands.js';
export * from './rooms.js';
export * from './client.js';
export * from './server.js';
export * from './parse.js';
