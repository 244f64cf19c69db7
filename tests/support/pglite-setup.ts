// Global setup of the `unit` test project: one migrated embedded database, dumped to a file once, that
// every test database starts from (tests/support/test-server.ts, openTestDatabase). PGlite's initdb is 2-3 s of
// CPU a database; starting from the dump takes a third of that, and the server tests open hundreds.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped migrated database's file; undefined outside the `unit` project. */
    followscopePgliteTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'followscope-pglite-'));
  try {
    const database = await openDatabase({ memory: true });
    try {
      const dump = await database.dump?.();
      if (!dump) throw new Error('the embedded database gave no dump');
      const file = join(folder, 'migrated.tar');
      await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
      project.provide('followscopePgliteTemplate', file);
    } finally {
      await database.close();
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return () => rm(folder, { recursive: true, force: true });
}
