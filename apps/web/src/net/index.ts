export { RoomClient, defaultSocketUrl, type RoomClientOptions, type RoomState, type SocketFactory, type SocketLike, type Status, type WireError, type SeatTokenStore } from './client';
export { ApiError, createRoom, getLobby, type CreatedRoom, type HttpOptions } from './http';
export { createSecrets, browserStore, memoryStore, secrets, type Secrets, type SeatSecret, type KeyValueStore } from './secrets';
export { useRoom, playerAuth, hostAuth, adminAuth } from './useRoom';
export { useCountdown, formatClock } from './useCountdown';
export { CODE_ALPHABET, CODE_LENGTH, CODE_PATTERN, isRoomCode, normalizeCode } from './code';
export { keepRoomKey, afterCreatePath } from './roomKeys';
