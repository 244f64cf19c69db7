// Issue 54 item 2: the shipped nginx configuration (deploy/nginx/followscope.conf), run by Debian's nginx
// as it is (its ports, certificate and paths replaced), in front of two API processes on PostgreSQL. A
// login and a list page go through it; the per-IP limit counts the client's real address, whatever
// X-Forwarded-For it sends; an import chunk's size passes; /metrics and /dev are not proxied; and a
// process stopped (SIGTERM) while requests flow through loses none of them.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { devKeyHeaders } from '../support/dev-key.ts';
import { type CreatedDatabase, createDatabase } from '../support/postgres.ts';
import { testPostgres } from '../support/test-server.ts';

const NGINX = '/usr/sbin/nginx';
const SHIPPED = new URL('../../deploy/nginx/followscope.conf', import.meta.url);
const SENDS_PER_IP = 3;

let database: CreatedDatabase;
let apis: RunningServer[] = [];
let nginx: ChildProcess | undefined;
let origin = { host: '127.0.0.1', port: 0 };
const stopped = new Set<RunningServer>();

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The shipped file with this test's ports, certificate and no port 80; wrapped in a main configuration. */
function configuration(dir: string, ports: { https: number; http: number; apis: number[] }) {
  const site = readFileSync(SHIPPED, 'utf8')
    .replace('server 127.0.0.1:8081', `server 127.0.0.1:${ports.apis[0]}`)
    .replace('server 127.0.0.1:8082', `server 127.0.0.1:${ports.apis[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/\/etc\/letsencrypt\/live\/app\.example\.com\/fullchain\.pem/, join(dir, 'cert.pem'))
    .replace(/\/etc\/letsencrypt\/live\/app\.example\.com\/privkey\.pem/, join(dir, 'key.pem'));
  writeFileSync(join(dir, 'followscope.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const asRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${asRoot}daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
      'events { worker_connections 256; }\n' +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
      `  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n` +
      `  include ${dir}/followscope.conf;\n}\n`,
  );
  return join(dir, 'nginx.conf');
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request through nginx over TLS (its certificate is this test's own), from `localAddress`. */
function viaNginx(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; localAddress?: string } = {},
  to = origin,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpsRequest(
      {
        ...to,
        method,
        path,
        rejectUnauthorized: false,
        localAddress: options.localAddress ?? '127.0.0.1',
        headers: {
          ...(typeof options.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        agent: false,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error('Debian’s nginx is needed here (apt-get install nginx; .ci/run does)');
  const postgres = testPostgres();
  if (!postgres) throw new Error('the nginx test runs in the server-pg project only');
  database = await createDatabase(postgres.adminUrl, { template: postgres.template });
  const env = {
    DATABASE_URL: database.url,
    ROLE: 'api',
    SERVE_APP: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    LIMIT_CODE_SENDS_PER_IP: String(SENDS_PER_IP),
    SHUTDOWN_GRACE_MS: '3000',
  };
  apis = await Promise.all([startServer(env), startServer(env)]);
  const dir = mkdtempSync(join(tmpdir(), 'followscope-nginx-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  origin = await startNginx(
    dir,
    apis.map((api) => Number(new URL(api.url).port)),
  );
}, 240_000);

/**
 * Starts nginx on two free ports with the shipped configuration; answers once it proxies the health
 * check. A port another process took between `freePort` and nginx's bind (the suite starts many servers
 * at once) is tried again on new ports; any other failure throws with nginx's own error log.
 */
async function startNginx(dir: string, apiPorts: number[]): Promise<{ host: string; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const https = await freePort();
    const file = configuration(dir, { https, http: await freePort(), apis: apiPorts });
    execFileSync(NGINX, ['-t', '-q', '-c', file, '-p', dir], { stdio: 'pipe' });
    writeFileSync(join(dir, 'error.log'), '');
    const started = spawn(NGINX, ['-c', file, '-p', dir], { stdio: 'ignore' });
    let exited = false;
    started.once('exit', () => {
      exited = true;
    });
    nginx = started;
    const candidate = { host: '127.0.0.1', port: https };
    // nginx answers once it has read its configuration and started its worker; a loaded machine is slow.
    const until = Date.now() + 60_000;
    let status = 0;
    while (!exited && Date.now() < until) {
      status = (await viaNginx('GET', '/api/v1/health', {}, candidate).catch(() => ({ status: 0 }))).status;
      if (status === 200) return candidate;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const log = readFileSync(join(dir, 'error.log'), 'utf8');
    started.kill('SIGQUIT');
    if (exited && /Address already in use/.test(log) && attempt < 3) continue;
    throw new Error(
      `nginx did not answer the health check (${status}; ${exited ? 'it exited' : 'still running'}):\n${log}`,
    );
  }
}

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all(apis.filter((api) => !stopped.has(api)).map((api) => api.stop()));
  await database?.drop();
});

const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>;

it('logs in and reads a list page through nginx, and keeps /metrics and /dev to itself', async () => {
  const email = 'through.nginx@example.com';
  const made = await fetch(`${apis[0]?.url}/dev/users`, {
    method: 'POST',
    headers: { ...devKeyHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ email, username: 'followscope.demo', is_subscribed: true }),
  });
  expect(made.ok).toBe(true);
  const sent = await viaNginx('POST', '/api/v1/client/insta/sendotp/', {
    body: JSON.stringify({ email }),
    localAddress: '127.0.0.5',
  });
  expect(sent.status).toBe(200);
  // The API's id for it is nginx's $request_id, on the answer both sent.
  expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  const mail = (await (
    await fetch(`${apis[1]?.url}/dev/mail?to=${encodeURIComponent(email)}`, { headers: devKeyHeaders })
  ).json()) as Array<{ subject: string }>;
  const otp = mail[0]?.subject.match(/\d{4}/)?.[0];
  const login = await viaNginx('POST', '/api/v1/client/insta/validateotp/', {
    body: JSON.stringify({ email, otp }),
    localAddress: '127.0.0.5',
  });
  expect(login.status).toBe(200);
  const token = json(login).token as string;
  const page = await viaNginx('GET', '/api/v1/client/instagram/dont/follow/back/100/', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(page.status).toBe(200);
  expect(page.headers['x-total-count']).toBeDefined();
  expect((await viaNginx('GET', '/metrics')).status).toBe(404);
  expect((await viaNginx('GET', `/dev/mail?to=${encodeURIComponent(email)}`, { headers: devKeyHeaders })).status).toBe(
    404,
  );
});

it('counts the per-IP limit by the client’s real address, whatever X-Forwarded-For it sends', async () => {
  const send = (localAddress: string, forged: string, email: string) =>
    viaNginx('POST', '/api/v1/client/recover/username/', {
      body: JSON.stringify({ email }),
      headers: { 'x-forwarded-for': forged },
      localAddress,
    });
  for (let i = 0; i < SENDS_PER_IP; i++) {
    expect((await send('127.0.0.2', `203.0.113.${i + 1}`, `limit${i}@example.com`)).status).toBe(200);
  }
  expect((await send('127.0.0.2', '203.0.113.200', 'limit-last@example.com')).status).toBe(429);
  // Another client is not held back by the first.
  expect((await send('127.0.0.3', '127.0.0.2', 'other@example.com')).status).toBe(200);
});

it('passes an import chunk’s size to the API (it answers, not nginx’s 413)', async () => {
  const chunk = Buffer.alloc(1_900_000, 7);
  const answer = await viaNginx('PUT', '/api/v1/client/imports/x/followers/0', {
    body: chunk,
    headers: { 'content-type': 'application/gzip' },
  });
  expect(answer.status).toBe(401);
});

it('loses no request while an API process drains and stops', async () => {
  const statuses: number[] = [];
  let stopping = true;
  const asking = Promise.all(
    Array.from({ length: 4 }, async () => {
      // On until the process has stopped, and 25 more after it, each loop.
      for (let after = 0; stopping || after < 25; after += stopping ? 0 : 1) {
        statuses.push((await viaNginx('GET', '/api/v1/list/plans/').catch(() => ({ status: 0 }))).status);
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const first = apis[0] as RunningServer;
  stopped.add(first);
  await first.stop();
  stopping = false;
  await asking;
  expect(statuses.length).toBeGreaterThan(100);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
}, 60_000);
