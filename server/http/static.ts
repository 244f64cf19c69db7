// Serves the built PWA. Hashed assets are cached for a year; the shell, the service worker and the
// manifest are revalidated on every load so a deploy reaches users on their next visit. Text files go
// out as the brotli or gzip copy the build made beside them (vite.config.ts), as the browser accepts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes, WARM_PATH } from '../../common/routes.ts';
import { localeOf, translate } from '../i18n/messages.ts';
import { shellPages } from './shell.ts';

const revalidated = /(?:^|\/)(?:index\.html|sw\.js|manifest\.webmanifest|registerSW\.js)$/;
/** The suffix of a compressed copy: its caching is the original file's. */
const compressedCopy = /\.(?:br|gz)$/;

/** A Content-Security-Policy that lets the app's own pages frame this one. */
export function framedBySelf(policy: string): string {
  return policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
}

/** Serves `dir`; any other GET that wants a page gets index.html (the client routes it). */
export async function serveApp(app: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`The built app is missing in ${dir}: run \`npm run build\` first (npm start does).`);
  }
  // A navigation gets the shell naming its route's code and its language's catalog (http/shell.ts).
  // It varies by language, and like index.html it is revalidated on every load.
  const shellFor = shellPages(dir);
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .type('text/html; charset=utf-8')
      .send(shellFor(path, localeOf(request.headers['accept-language'])));
  };
  for (const route of routes) app.get(route.path, sendShell);
  // The page of the hidden frame a first visit runs its code in (src/app/code-cache.ts): the plain shell,
  // which the app's own pages alone may frame; every other page may not be framed at all.
  const warmPage = readFileSync(join(dir, 'index.html'), 'utf8');
  app.get(WARM_PATH, (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', framedBySelf(String(reply.getHeader('content-security-policy') ?? '')))
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(warmPage),
  );
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // A dotfile is the build's own (`.vite/manifest.json` maps every source to its chunk): not for the world.
    dotfiles: 'ignore',
    setHeaders(reply, served) {
      const path = served.replace(compressedCopy, '');
      reply.header(
        'cache-control',
        revalidated.test(path)
          ? 'no-cache'
          : path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
      );
    },
  });
  // History-mode routes (spec §2) are client paths: answer them with the shell. /api/ and /dev/ are the
  // server's own: an unknown or absent one (the dev endpoints off) is a 404, never the shell.
  app.setNotFoundHandler((request, reply) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(?:api|dev)(?:\/|$)/.test(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')
    ) {
      return sendShell(request, reply);
    }
    return reply.status(404).send({ message: translate('notFound', request.headers['accept-language']) });
  });
}
