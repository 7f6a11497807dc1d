export { buildServer, type BuildOptions, type ServerParts } from './http/app.js';
export { RoomManager, type Conn } from './room/manager.js';
export { openStorage, DEFAULT_DATABASE_URL } from './storage/open.js';
export type { Storage, RoomRow, LogRecord } from './storage/types.js';
export { configFromEnv, type ServerConfig } from './config.js';
export type { ClubRecomputed } from './club/ratings/rebuild.js';
export { recomputeDatabase, RecomputeRefusal } from './recompute.js';
