// The analysis (spec §4 Analysis, §7): start (long, abortable) and the six paged lists, with the download's
// own two (issue 50 item 5).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  type AnalysisListName,
  analysisListNames,
  type DownloadListName,
  downloadListNames,
  lists,
} from '../../../common/lists.ts';
import type { FollowerListItem } from '../../../common/schema/lists.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import type { CollectorCore } from '../../../wasm/collector.ts';
import { listPageWithTotal } from '../../analysis/lists.ts';
import type { AnalysisRunner } from '../../analysis/runner.ts';
import { siblingPageWithTotal } from '../../analysis/sibling-lists.ts';
import { accountOf, requireUser } from '../../auth/guard.ts';
import type { UserRow } from '../../auth/tokens.ts';
import { accountGate } from '../../http/account-gates.ts';
import { accountLimit } from '../../http/account-limits.ts';
import { validated } from '../../http/validation.ts';
import { translate } from '../../i18n/messages.ts';
import { rebuildInsight } from '../../insights/stored.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { figuresProvenance, hasSampleSource } from '../../source/sources.ts';
import { findUserById, toUserRecord } from '../../users/record.ts';

/** spec §7's path of each list an analysis makes (common/lists.ts), and the list it reads. */
export const listPaths: Record<string, AnalysisListName> = Object.fromEntries(
  analysisListNames.map((list) => [lists[list].path, list]),
);

/** The path of each of the download's own lists (not in spec §7), and the list it reads. */
export const siblingListPaths: Record<string, DownloadListName> = Object.fromEntries(
  downloadListNames.map((list) => [lists[list].path, list]),
);

const pageParams = z.object({ size: z.coerce.number().check(z.int(), z.gte(1), z.lte(100)) });
const pageQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1) });

/** Where a list's names came from: a connected account's counts are the official API's, but names come only from its download. */
export function listProvenance(user: UserRow): Provenance | undefined {
  return user.dataSource === 'official'
    ? user.downloadTakenAt
      ? { source: 'download', at: user.downloadTakenAt.toISOString() }
      : undefined
    : figuresProvenance(user);
}

/** A paged list's route: its path, where its names came from, and a page of it with the list's length. */
interface ListRoute {
  path: string;
  provenance: (user: UserRow) => Provenance | undefined;
  page: (
    userId: string,
    page: number,
    size: number,
  ) => Promise<{ total: number | undefined; items: FollowerListItem[] }>;
}

/** Where a sibling list's names came from: the newest download imported, whatever fills the figures. */
export function downloadProvenance(user: UserRow): Provenance | undefined {
  return user.downloadTakenAt ? { source: 'download', at: user.downloadTakenAt.toISOString() } : undefined;
}

export function analysisRoutes(
  app: FastifyInstance,
  services: Services,
  runner: AnalysisRunner,
  source: SourceConnector,
  core: CollectorCore,
) {
  const { db, clock } = services;
  const auth = { onRequest: requireUser(db) };

  // Issue 32: an analysis is the most expensive request there is; its starts are counted per account.
  // Issue 54: asking again after "still running" joins the analysis already running, so it costs
  // nothing and is not counted; otherwise an analysis longer than the limit's asks would refuse its own.
  const limited = accountLimit(app, services.settings.accountLimits, 'analyses');
  const starts = {
    onRequest: requireUser(db),
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.sent || !request.account) return;
      if (await runner.isRunning(request.account.user.id)) return;
      await limited(request, reply);
    },
  };
  app.get('/client/insta/start/analysis/', starts, async (request, reply) => {
    const { user } = accountOf(request);
    const lang = request.headers['accept-language'];
    if (!user.isSubscribed) return reply.status(403).send({ message: translate('unauthorized', lang) });
    // The sample network collects only its own names; a real account is collected from the official
    // API once connected (issue 18), or comes from its download (issue 17): never from a simulation.
    const official = services.official !== undefined && user.officialStatus === 'active';
    if (!official && !hasSampleSource(services.settings, user.username)) {
      return reply.status(409).send({ message: translate('analysisNeedsSource', lang) });
    }
    // The client's abort (a closed connection) lets the job go, unless another client still waits.
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) controller.abort();
    });
    // An official-API collection is the account's daily record: it runs to its end if the page leaves.
    const outcome = await runner.start(user, official ? undefined : controller.signal);
    switch (outcome.kind) {
      // Issue 54: answered before a proxy cuts it; the app asks again and joins the same analysis.
      case 'running':
        return reply.status(202).send({ status: 'running', message: translate('analysisRunning', lang) });
      case 'complete':
      case 'private': {
        // Issue 51: an insight written from the previous figures is written again from these.
        const fresh = await rebuildInsight({ db, clock, network: source, core }, outcome.user, lang);
        return { status: true, user: toUserRecord(fresh, services.settings) };
      }
      case 'invalid': {
        const message = translate('invalidUsername', lang);
        return reply
          .status(400)
          .send({ message, user: toUserRecord(outcome.user, services.settings), data: { message } });
      }
      case 'noSource':
        return reply.status(409).send({ message: translate('analysisNeedsSource', lang) });
      case 'reconnect': {
        const fresh = await findUserById(db, user.id);
        return reply.status(409).send({
          message: translate('officialReconnect', lang),
          user: fresh && toUserRecord(fresh, services.settings),
        });
      }
      case 'cancelled':
        return reply.status(409).send({ message: translate('serverError', lang) });
      case 'failed':
        return reply.status(503).send({ message: translate('serverError', lang) });
    }
  });

  // Issue 48: a list's pages take turns per account, and are counted.
  const lists = accountGate(app, services.settings.accountLimits, 'lists');
  const routes: ListRoute[] = [
    ...Object.entries(listPaths).map(([path, list]) => ({
      path,
      provenance: listProvenance,
      page: (userId: string, page: number, size: number) =>
        listPageWithTotal(db, source, userId, list, page, size, clock()),
    })),
    ...Object.entries(siblingListPaths).map(([path, list]) => ({
      path,
      provenance: downloadProvenance,
      page: (userId: string, page: number, size: number) => siblingPageWithTotal(db, userId, list, page, size),
    })),
  ];
  for (const { path, provenance: provenanceOf, page: pageOf } of routes) {
    app.get(
      `/client/instagram/${path}/:size/`,
      { ...auth, preHandler: lists, schema: { params: pageParams, querystring: pageQuery } },
      async (request, reply) => {
        const { user } = accountOf(request);
        if (!user.isSubscribed)
          return reply.status(403).send({ message: translate('unauthorized', request.headers['accept-language']) });
        const { size } = validated(request.params, pageParams);
        const { page } = validated(request.query, pageQuery);
        // The list's source and time travel in headers: the body stays spec §7's array.
        const provenance = provenanceOf(user);
        if (provenance) reply.header('x-source', provenance.source).header('x-source-at', provenance.at);
        // The whole list's length, so the screen states the same figure as its dashboard card (issue 34);
        // none for a list the source holds no such list of (issue 50 item 5).
        const { total, items } = await pageOf(user.id, page, size);
        if (total !== undefined) reply.header('x-total-count', String(total));
        return items;
      },
    );
  }
}
