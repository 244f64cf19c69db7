// Global setup of the `server-pg` test project: one PostgreSQL server for the run, one migrated template
// database; each test database is a copy of it (tests/support/test-server.ts, openTestDatabase).
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { createDatabase, providePostgres } from './postgres.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await providePostgres();
  let template: Awaited<ReturnType<typeof createDatabase>> | undefined;
  try {
    template = await createDatabase(server.url);
    // Opening migrates; closing leaves no connection, as a template copy requires.
    const database = await openDatabase({ url: template.url });
    await database.close();
  } catch (error) {
    await template?.drop().catch(() => undefined);
    await server.stop();
    throw error;
  }
  project.provide('followscopePostgres', { adminUrl: server.url, template: template.name });
  return async () => {
    await template?.drop().catch(() => undefined);
    await server.stop();
  };
}
