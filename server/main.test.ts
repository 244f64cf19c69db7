// The process itself: a shutdown ends even when a client holds a connection open without a request.
// On its embedded database in a data folder, or in the `server-pg` project on a PostgreSQL database.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { buildServer } from '../scripts/build-server.ts';
import { createDatabase } from '../tests/support/postgres.ts';
import { testPostgres } from '../tests/support/test-server.ts';

it('SIGTERM exits cleanly after the grace although a browser preconnected and never sent a request', async () => {
  const postgres = testPostgres();
  const database = postgres ? await createDatabase(postgres.adminUrl, { template: postgres.template }) : undefined;
  if (database) onTestFinished(() => database.drop());
  const { DATABASE_URL: _outer, ...env } = process.env;
  // The process as `npm run serve` starts it: the bundle, built from the source as it is now.
  const child = spawn(process.execPath, [await buildServer()], {
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'followscope-main-')),
      ...(database ? { DATABASE_URL: database.url } : {}),
      LOG_LEVEL: 'silent',
      SERVE_APP: 'false',
      SHUTDOWN_GRACE_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await new Promise<{ port: number; kind: string }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at http:\/\/[^:]+:(\d+) \(database: (\w+)\)/);
      if (match) resolve({ port: Number(match[1]), kind: String(match[2]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  expect(started.kind).toBe(database ? 'postgresql' : 'embedded');
  const { port } = started;
  // A connection with no request: Node's server.close() alone would wait for it without end.
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const closedByServer = new Promise((resolve) => socket.once('close', resolve));

  child.kill('SIGTERM');

  expect(await exited).toBe(0);
  await closedByServer;
  // A fresh data folder means initdb (PGlite in WebAssembly): about 10 s of CPU alone, over a minute on a
  // loaded 2-core machine (it timed out at 60 s with other work running).
}, 180_000);
