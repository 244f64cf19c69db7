// The sample network's own pictures, and (outside production) its ground truth for tests.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { validated } from '../http/validation.ts';
import { type SampleNetwork, summaryOf } from '../source/sample.ts';
import { postPicture } from '../source/sample-posts.ts';

const truthQuery = z.object({ username: z.string(), from: z.iso.datetime(), to: z.iso.datetime() });

/** An avatar: the initials on a colour picked from the id. */
function avatar(id: string): string {
  const { fullName } = summaryOf(id);
  const initials = fullName
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('');
  const hue = Number(BigInt(id) % 360n);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue} 60% 55%)"/><text x="32" y="40" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}

export function sourceRoutes(app: FastifyInstance, network: SampleNetwork, production: boolean): void {
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

  if (!production) {
    /** The account's posts with each one's main comment language (tests pick posts by language). */
    app.get('/dev/source/posts', { schema: { querystring: z.object({ username: z.string() }) } }, async (request) => {
      const { username } = request.query as { username: string };
      return network.samplePosts(username);
    });

    /** An account as the network sees it now (tests compare the app's figures with it). */
    app.get(
      '/dev/source/account',
      { schema: { querystring: z.object({ username: z.string() }) } },
      async (request, reply) => {
        const { username } = request.query as { username: string };
        const found = await network.lookup(username);
        return found.kind === 'ok' ? found.value : reply.status(404).send({ message: found.kind });
      },
    );

    app.get('/dev/source/truth', { schema: { querystring: truthQuery } }, async (request) => {
      const { username, from, to } = validated(request.query, truthQuery);
      return network.groundTruth(username, new Date(from), new Date(to));
    });
  }
}
