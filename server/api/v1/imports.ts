// Importing the owner's data download (issue 9): open an upload, put its chunks, commit it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { type ImportRefusal, importOpenSchema } from '../../../common/schema/imports.ts';
import { SNAPSHOT_LISTS } from '../../../common/snapshot/snapshot.ts';
import type { CollectorCore } from '../../../wasm/collector.ts';
import { commitImport, renamesIn } from '../../analysis/import-commit.ts';
import { keepPreviousImport, openImport, receiveChunk } from '../../analysis/imports.ts';
import { latestAnalysis } from '../../analysis/lists.ts';
import { accountOf, requireSubscriber } from '../../auth/guard.ts';
import { asJobWork } from '../../db/query-scheduler.ts';
import { accountGate } from '../../http/account-gates.ts';
import { accountLimit } from '../../http/account-limits.ts';
import { validated } from '../../http/validation.ts';
import { type ServerMessage, translate } from '../../i18n/messages.ts';
import { rebuildInsight } from '../../insights/stored.ts';
import { importCommitDuration } from '../../metrics.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { findUserById, toUserRecord } from '../../users/record.ts';

const refusals: Record<ImportRefusal, { status: number; message: ServerMessage }> = {
  otherAccount: { status: 422, message: 'importOtherAccount' },
  partialRange: { status: 422, message: 'importPartialRange' },
  olderDownload: { status: 409, message: 'importOlderDownload' },
  badChunk: { status: 400, message: 'importBadChunk' },
  incomplete: { status: 409, message: 'importIncomplete' },
  // Issue 32: 413, not 429: the upload is too large for what an account may store, and waiting does not
  // change that (429 says "try later", and the app retries it); 507 would blame the server.
  quota: { status: 413, message: 'importQuota' },
  noFollowers: { status: 422, message: 'importNoFollowers' },
  // 409: the download is fine; the owner decides between it and what is stored.
  sharpDrop: { status: 409, message: 'importSharpDrop' },
};

const uploadParams = z.object({ id: z.uuid() });
const keepBody = z.object({ digest: z.string().check(z.regex(/^[0-9a-f]{64}$/)) });
const chunkParams = z.object({
  id: z.uuid(),
  list: z.enum(SNAPSHOT_LISTS),
  seq: z.coerce.number().check(z.int(), z.gte(0), z.lte(999)),
});
/** A chunk of 20,000 people is about 300 kB gzipped; names are at most 64 bytes. */
const CHUNK_BODY_LIMIT = 2 * 1024 * 1024;

export function importRoutes(
  app: FastifyInstance,
  services: Services,
  core: CollectorCore,
  network: SourceConnector,
): void {
  const { db, clock, settings } = services;
  app.addContentTypeParser('application/gzip', { parseAs: 'buffer', bodyLimit: CHUNK_BODY_LIMIT }, (_, body, done) =>
    done(null, body),
  );
  const subscribed = requireSubscriber(db);
  // Issue 32: opening, uploading and committing are counted per account, each on its own limit.
  const limited = (name: 'importOpens' | 'importChunks' | 'importCommits') => ({
    onRequest: subscribed,
    preHandler: accountLimit(app, settings.accountLimits, name),
  });
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: ImportRefusal,
    values?: Record<string, string>,
  ) => {
    const { status, message } = refusals[reason];
    return reply
      .status(status)
      .send({ code: reason, message: translate(message, request.headers['accept-language'], values) });
  };
  const freshUser = async (id: string) => {
    const row = await findUserById(db, id);
    return row ? toUserRecord(row, settings) : undefined;
  };

  app.post(
    '/client/imports/',
    { ...limited('importOpens'), schema: { body: importOpenSchema } },
    async (request, reply) => {
      const { user } = accountOf(request);
      const meta = validated(request.body, importOpenSchema);
      const outcome = await openImport(db, user, meta, clock(), settings.importQuota);
      switch (outcome.kind) {
        case 'unchanged':
          return { status: 'unchanged', user: await freshUser(user.id) };
        // Issue 50 item 4: this download's sharp drop was answered "keep the previous": it is kept again.
        case 'kept':
          return { status: 'kept', user: await freshUser(user.id) };
        case 'open':
          return { status: 'open', id: outcome.id, received: outcome.received };
        case 'refused':
          return refuse(request, reply, outcome.reason, outcome.values);
      }
    },
  );

  // Issue 50 item 4: "Keep the previous import", the answer to a download's sharp drop, for that download.
  app.post('/client/imports/keep/', { ...limited('importOpens'), schema: { body: keepBody } }, async (request) => {
    const { user } = accountOf(request);
    const { digest } = validated(request.body, keepBody);
    await keepPreviousImport(db, user.id, digest);
    return { status: 'kept', user: await freshUser(user.id) };
  });

  app.put(
    '/client/imports/:id/:list/:seq',
    { ...limited('importChunks'), schema: { params: chunkParams }, bodyLimit: CHUNK_BODY_LIMIT },
    async (request, reply) => {
      const { user } = accountOf(request);
      const { id, list, seq } = validated(request.params, chunkParams);
      if (!(request.body instanceof Buffer)) return refuse(request, reply, 'badChunk');
      const outcome = await receiveChunk(db, user.id, id, list, seq, request.body, settings.importQuota);
      if (outcome === 'notFound')
        return reply.status(404).send({ message: translate('notFound', request.headers['accept-language']) });
      if (outcome === 'badChunk' || outcome === 'quota') return refuse(request, reply, outcome);
      return reply.status(204).send();
    },
  );

  app.post(
    '/client/imports/:id/commit',
    { ...limited('importCommits'), schema: { params: uploadParams } },
    async (request, reply) => {
      const { user } = accountOf(request);
      const { id } = validated(request.params, uploadParams);
      // A commit of up to millions of rows: the job worker's share of the embedded database, as an analysis's.
      const began = performance.now();
      const outcome = await asJobWork(() => commitImport(db, core, user.id, id, clock()));
      importCommitDuration.observe({ outcome: outcome.kind }, (performance.now() - began) / 1000);
      if (outcome.kind === 'notFound')
        return reply.status(404).send({ message: translate('notFound', request.headers['accept-language']) });
      // Issue 50 item 5: the sibling lists added to the import of this same download; nothing else changed.
      if (outcome.kind === 'updated')
        return { status: 'updated', baseline: false, renames: [], user: await freshUser(user.id) };
      if (outcome.kind !== 'imported') return refuse(request, reply, outcome.kind);
      // Issue 33: the import is committed; its digest goes to the user's devices (queued, not awaited).
      void services.push?.announce(id);
      services.figuresArrived?.(user.id);
      // Issue 51: an insight written from the previous figures is written again from this download's.
      const committed = await findUserById(db, user.id);
      const fresh =
        committed &&
        (await rebuildInsight({ db, clock, network, core }, committed, request.headers['accept-language']));
      return {
        status: 'imported',
        baseline: outcome.baseline,
        renames: outcome.renames,
        user: fresh ? toUserRecord(fresh, settings) : undefined,
      };
    },
  );

  // Issue 50: the renames the latest import found, for the new and lost followers screens. Every one of
  // them is read, so it takes the list pages' turns and rate (issue 48 item 3).
  const lists = { onRequest: subscribed, preHandler: accountGate(app, settings.accountLimits, 'lists') };
  app.get('/client/imports/renames/', lists, async (request) => {
    const { user } = accountOf(request);
    const latest = await latestAnalysis(db, user.id);
    return latest?.source === 'download' ? renamesIn(db, latest.id) : [];
  });
}
