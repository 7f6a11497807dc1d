import type { FastifyInstance } from 'fastify';
import type { ClubContext } from '../ports.js';

// PLACEHOLDER: filled in by its owner (see docs/club-api.md). Registers nothing yet.
export async function registerAuth(_app: FastifyInstance, _ctx: ClubContext): Promise<void> {}
