/** The side a bot believes a seat is on (record.ts reads the table into these; talking.ts reads claims). */
export type Side = 'mafia' | 'town';
