import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current.js';
import type { ClubContext } from '../ports.js';
import { csvRequest } from '../ratings/csvLang.js';
import { createSeries, listSeries, seriesCsv, seriesPage } from '../ratings/series.js';

type ClubParams = { Params: { clubId: string } };
type SeriesParams = { Params: { clubId: string; seriesId: string } };

/** A club's FIIM series (R-FIIM-16, docs/club-api.md "FIIM series"): an admin makes one, members read its table. */
export async function registerSeriesRoutes(app: FastifyInstance, ctx: ClubContext): Promise<void> {
  app.post<ClubParams>('/api/clubs/:clubId/series', async (req, reply) => {
    const u = await requireUser(req);
    return reply.status(201).send(await createSeries(ctx, u.id, req.params.clubId, req.body));
  });
  app.get<ClubParams>('/api/clubs/:clubId/series', async (req) => listSeries(ctx, (await requireUser(req)).id, req.params.clubId));
  app.get<SeriesParams>('/api/clubs/:clubId/series/:seriesId', async (req, reply) => {
    const { lang, query } = csvRequest(req);
    const { format, ...page } = await seriesPage(ctx, (await requireUser(req)).id, req.params.clubId, req.params.seriesId, query);
    if (format === 'json') return page;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="series.csv"').send(seriesCsv(page.rows, lang));
  });
}
