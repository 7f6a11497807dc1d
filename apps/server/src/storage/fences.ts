import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * An append refused because another node has taken the room over since this node took it (its
 * fencing token is newer): nothing was written, and this node must drop the room.
 */
export class FencedError extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId} has been taken over by another node; this node may no longer write its log`);
  }
}

/** The fencing tokens this node holds (cluster mode: cluster/leases.ts). */
export interface Fences {
  tokenOf(roomId: string): number | undefined;
}

/**
 * Takes the room's next fencing token for `node`: from this statement's commit on, every token
 * before it is stale, and an append under one fails (checkFences). The token lives in PostgreSQL,
 * not in Redis, so a Redis restart (which keeps nothing here) can never hand out an old one again.
 */
export async function takeFence(db: Kysely<any>, roomId: string, node: string, at: number): Promise<number> {
  const r = await sql<{ token: string | number }>`
    INSERT INTO room_owners (room_id, token, node, at) VALUES (${roomId}, 1, ${node}, ${at})
    ON CONFLICT (room_id) DO UPDATE SET token = room_owners.token + 1, node = EXCLUDED.node, at = EXCLUDED.at
    RETURNING token`.execute(db);
  return Number(r.rows[0]!.token);
}

/**
 * In an append's transaction: every room of it must still be at the token this node holds, else
 * FencedError (for the first stale room). The rows are read FOR SHARE: a takeover's UPDATE waits
 * for this commit, so no append under an old token can commit after a newer token was taken.
 */
export async function checkFences(tx: Transaction<any>, roomIds: readonly string[], fences: Fences): Promise<void> {
  const rows = await sql<{ room_id: string; token: string | number }>`
    SELECT room_id, token FROM room_owners WHERE room_id = ANY(${[...roomIds]}) FOR SHARE`.execute(tx);
  const current = new Map(rows.rows.map((r) => [r.room_id, Number(r.token)]));
  for (const id of roomIds) {
    const mine = fences.tokenOf(id);
    if (mine === undefined || current.get(id) !== mine) throw new FencedError(id);
  }
}
