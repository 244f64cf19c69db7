import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { planListSchema } from '../common/schema/plan.ts';
import { compressDir } from '../scripts/compress.ts';
import { startTestServer, type TestServer, testPostgres } from '../tests/support/test-server.ts';
import { seed, seedPlans } from './db/seed.ts';

let app: FastifyInstance;
let server: TestServer;
const bigText = 'who followed and who left, '.repeat(200);

beforeAll(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'followscope-static-'));
  // As big as the real one (over 1 kB), so it goes out compressed.
  const padding = `<!-- ${'the shell of the app '.repeat(60)}-->`;
  writeFileSync(
    join(staticDir, 'index.html'),
    `<!doctype html><head><title>shell</title>${padding}</head><div id="root"></div>`,
  );
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {})');
  // A chunk big enough to compress, and a picture, which never is.
  writeFileSync(join(staticDir, 'assets', 'big-def456.js'), `export const words = ${JSON.stringify(bigText)};`);
  writeFileSync(join(staticDir, 'assets', 'photo-1a2b3c.png'), Buffer.alloc(4096, 7));
  compressDir(staticDir);
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(
    join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js' },
      'src/views/welcome/Welcome.tsx': { file: 'assets/Welcome-w1.js' },
      'locales/en/messages.po': { file: 'assets/messages-en1.js' },
      'locales/de/messages.po': { file: 'assets/messages-de1.js' },
    }),
  );
  server = await startTestServer({ staticDir });
  app = server.app;
  await seed(app.services.db); // seeding twice changes nothing
  // A route with a body schema, to check request validation end to end.
  app.post('/api/v1/test/echo/', { schema: { body: z.object({ email: z.email() }) } }, async (request) => request.body);
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/health', () => {
  it('reports the version, the database and the core', async () => {
    const response = await app.inject('/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: '9.9.9',
      database: { kind: testPostgres() ? 'postgresql' : 'embedded', status: 'ok' },
      core: 'ready',
      jobs: { queue: testPostgres() ? 'pg-boss' : 'in-process', worker: 'running' },
    });
  });
});

describe('GET /api/v1/list/plans/', () => {
  it('returns the seeded plans with every Plan field of spec §3, in decimal amounts', async () => {
    const response = await app.inject('/api/v1/list/plans/');
    expect(response.statusCode).toBe(200);
    const { plans } = planListSchema.parse(response.json());
    expect(plans).toHaveLength(seedPlans.length);
    const trial = plans.find((plan) => plan.plan_id === 'premium-trial');
    expect(trial).toEqual({
      plan_id: 'premium-trial',
      name: 'Followscope Premium',
      plan_type: 1,
      code: 'monthly',
      interval_length: 1,
      unit_amount: 19.99,
      unit_amount_before_discount: 59.99,
      currency: 'USD',
      setup_fee: 2.99,
      meta_info: {
        trial_days: 7,
        trial_amount_before_discount: 9.99,
        landing: 'default',
        renews_as: 'premium-monthly',
      },
    });
    expect(plans.filter((plan) => plan.plan_type === 2).map((plan) => plan.code)).toEqual([
      'weekly',
      'monthly',
      'quarterly',
    ]);
  });
});

describe('security headers', () => {
  it.each(['/', '/api/v1/health'])('are on %s', async (url) => {
    const response = await app.inject(url);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the warm-up frame page (src/app/code-cache.ts)', () => {
  it('is the shell, which the app alone may frame, while every other page may not be framed', async () => {
    const warm = await app.inject('/warm.html?screens=home');
    expect(warm.statusCode).toBe(200);
    // The built index.html as it is: the entry, without a route's preloads.
    expect(warm.body).toMatch(
      /^<!doctype html><head><title>shell<\/title><!-- [^>]*--><\/head><div id="root"><\/div>$/,
    );
    expect(warm.headers['cache-control']).toBe('no-cache');
    const csp = String(warm.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(warm.headers['x-frame-options']).toBe('SAMEORIGIN');
    const home = await app.inject('/home');
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
  });
});

describe('errors', () => {
  it('answers an unknown API path with a localised message', async () => {
    const en = await app.inject('/api/v1/nope/');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'We could not find what you asked for.' });
    const fr = await app.inject({ url: '/api/v1/nope/', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(fr.json().message).toBe('Nous n’avons pas trouvé ce que vous cherchez.');
  });

  it('validates request bodies with zod and answers in the caller language', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/',
      headers: { 'accept-language': 'de' },
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/ungültig/);
    const good = await app.inject({ method: 'POST', url: '/api/v1/test/echo/', payload: { email: 'a@b.co' } });
    expect(good.json()).toEqual({ email: 'a@b.co' });
  });
});

describe('the built app', () => {
  it('answers history-mode routes with the shell, revalidated on each load', async () => {
    for (const url of ['/', '/home', '/newfollowers?x=1', '/anything/deep']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers HEAD on a route like GET, as link checkers and proxies ask', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/home' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('caches hashed assets for a year and the service worker not at all', async () => {
    expect((await app.inject('/assets/index-abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('does not answer a missing file with the shell', async () => {
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('keeps the build’s dotfiles to itself: its manifest maps every source file (issue 32)', async () => {
    for (const path of ['/.vite/manifest.json', '/.vite/manifest.json.br', '/%2Evite/manifest.json']) {
      const response = await app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('index.html');
    }
  });
});

describe('compression', () => {
  const accepting = (encoding: string) => ({ 'accept-encoding': encoding });

  it('sends the build’s brotli or gzip copy of a text file, as the browser accepts, with its caching', async () => {
    const plain = await app.inject('/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/assets/big-def456.js', headers: accepting('gzip, deflate, br') });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/assets/big-def456.js', headers: accepting('gzip') });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('names a route’s screen and the browser’s language catalog in the page, varying by both', async () => {
    const german = await app.inject({ url: '/', headers: { 'accept-language': 'de-DE,de;q=0.9', ...accepting('br') } });
    const page = brotliDecompressSync(german.rawPayload).toString();
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/Welcome-w1.js">');
    expect(page).toContain('href="/assets/messages-de1.js"');
    expect(page).not.toContain('messages-en1');
    expect(german.headers.vary).toContain('accept-language');
    expect(german.headers.vary).toContain('accept-encoding');
    expect((await app.inject('/')).body).toContain('href="/assets/messages-en1.js"');
  });

  it('keeps the shell revalidated when it goes out compressed, on a route as on its own path', async () => {
    for (const url of ['/', '/home', '/index.html']) {
      const response = await app.inject({ url, headers: accepting('br') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('compresses an API answer over 1 kB for a client that accepts it, and never a picture', async () => {
    const plain = await app.inject('/api/v1/cms/pages/TERMS_OF_SERVICE/');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({
      url: '/api/v1/cms/pages/TERMS_OF_SERVICE/',
      headers: accepting('gzip, deflate, br'),
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/api/v1/cms/pages/TERMS_OF_SERVICE/', headers: accepting('gzip') });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await app.inject({ url: '/api/v1/health', headers: accepting('br') });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const photo = await app.inject({ url: '/assets/photo-1a2b3c.png', headers: accepting('gzip, br') });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.rawPayload.length).toBe(4096);
  });
});
