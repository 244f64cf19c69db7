// The sample network's own pictures, and its ground truth for tests (a part of the development endpoints).
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { usernameSchema } from '../../common/schema/account.ts';
import { TEXT_MAX, text } from '../../common/schema/text.ts';
import { validated } from '../http/validation.ts';
import type { SampleNetwork } from '../source/sample.ts';
import { avatar } from '../source/sample-media.ts';
import { postPicture } from '../source/sample-posts.ts';

const truthQuery = z.object({ username: usernameSchema, from: z.iso.datetime(), to: z.iso.datetime() });
const usernameQuery = z.object({ username: usernameSchema });
const seenBody = z.object({ item_id: text(TEXT_MAX.token), viewer: usernameSchema });

/** The sample network's pictures (avatars and post images). */
export function sourceRoutes(app: FastifyInstance): void {
  app.get('/source/avatars/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const id = /^(\d{1,20})\.svg$/.exec(file)?.[1];
    if (!id || BigInt(id) >= 2n ** 64n) return reply.status(404).send({ message: 'not found' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=604800, immutable').send(avatar(id));
  });

  app.get('/source/posts/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^([\w-]{11})(?:-(\d))?\.svg$/.exec(file);
    if (!match?.[1]) return reply.status(404).send({ message: 'not found' });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=604800, immutable')
      .send(postPicture(match[1], Number(match[2] ?? 0)));
  });
}

/** The sample network's ground truth and its "mark seen" call; registered with the development endpoints. */
export function sampleNetworkDevRoutes(app: FastifyInstance, network: SampleNetwork): void {
  /** Who marked which story item seen: Followscope's watching must leave this empty. */
  app.get('/dev/source/story-viewers', async () => network.storyViewers());

  /** The network's "mark seen" call, as a logged-in viewer's app makes it (tests prove the record works). */
  app.post('/dev/source/stories/seen', { schema: { body: seenBody } }, async (request) => {
    const { item_id, viewer } = request.body as { item_id: string; viewer: string };
    network.markStorySeen(item_id, viewer);
    return { ok: true };
  });

  /** The account's posts with each one's main comment language (tests pick posts by language). */
  app.get('/dev/source/posts', { schema: { querystring: usernameQuery } }, async (request) => {
    const { username } = request.query as { username: string };
    return network.samplePosts(username);
  });

  /** An account as the network sees it now (tests compare the app's figures with it). */
  app.get('/dev/source/account', { schema: { querystring: usernameQuery } }, async (request, reply) => {
    const { username } = request.query as { username: string };
    const found = await network.lookup(username);
    return found.kind === 'ok' ? found.value : reply.status(404).send({ message: found.kind });
  });

  app.get('/dev/source/truth', { schema: { querystring: truthQuery } }, async (request) => {
    const { username, from, to } = validated(request.query, truthQuery);
    return network.groundTruth(username, new Date(from), new Date(to));
  });
}
