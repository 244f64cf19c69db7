// Several app instances over one database, standing in for API processes behind a load balancer: for
// tests of limits that must hold across processes. On PostgreSQL each instance has its own pool, as a
// separate process would; on PGlite they share the one in-memory database.
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { type AppDeps, buildApp } from '../../server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { seed, seedDemoUsers } from '../../server/db/seed.ts';
import { loadCoreFromDisk } from '../../wasm/node.ts';
import { openTestDatabase, testSettings } from './test-server.ts';

export interface TestInstances {
  apps: FastifyInstance[];
  /** The first instance's database handle (each instance's is `app.services.db`). */
  database: DatabaseHandle;
  now(): Date;
  advance(ms: number): void;
}

/** `count` seeded instances on one fresh test database, closed when the test finishes. */
export async function startInstances(count: number, overrides: Partial<AppDeps> = {}): Promise<TestInstances> {
  let time = Date.UTC(2026, 10, 20, 12, 0, 0);
  const database = await openTestDatabase();
  const extraHandles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  onTestFinished(async () => {
    for (const app of apps) await app.close();
    for (const handle of extraHandles) await handle.close();
    await database.close();
  });
  await seed(database.db);
  await seedDemoUsers(database.db);
  const core = await loadCoreFromDisk();
  for (let i = 0; i < count; i++) {
    let handle = database;
    if (i > 0 && database.url) {
      handle = await openDatabase({ url: database.url, poolSize: 4 });
      extraHandles.push(handle);
    }
    apps.push(
      await buildApp({
        database: handle,
        core,
        version: '9.9.9',
        settings: testSettings,
        clock: () => new Date(time),
        logLevel: 'silent',
        ...overrides,
      }),
    );
  }
  return {
    apps,
    database,
    now: () => new Date(time),
    advance: (ms) => {
      time += ms;
    },
  };
}
