// The app as it runs beyond one machine (issue 11): PostgreSQL, an API process serving the app, and
// analysis jobs in a separate worker process. A user starts an analysis in Chromium; the worker
// running it dies mid-collection; another worker takes it over from its checkpoint and the user's
// waiting page gets the figures, equal to the network's, without pressing anything again.
import pg from 'pg';
import { type CreatedDatabase, createDatabase, type ProvidedServer, providePostgres } from '../support/postgres.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';

const USERNAME = 'size.120000';

let postgres: ProvidedServer;
let database: CreatedDatabase;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  postgres = await providePostgres();
  database = await createDatabase(postgres.url);
});

test.afterAll(async () => {
  await database?.drop();
  await postgres?.stop();
});

/** The worker holding the account's analysis once it has saved pages (the owner names its pid). */
async function ownerMidCollection(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ lease_owner: string | null }>(
      `SELECT lease_owner FROM analyses WHERE status = 'running' AND followers_collected > 0`,
    );
    return rows[0]?.lease_owner ?? undefined;
  } finally {
    await client.end();
  }
}

test('a worker dies mid-analysis; another takes it over and the waiting page gets the true figures', async ({
  page,
  request,
  ownServers,
}) => {
  test.setTimeout(180_000);
  const shared = {
    DATABASE_URL: database.url,
    FROZEN_CLOCK: '2026-11-20T12:00:00.000Z',
    SOURCE_LATENCY_MS: '10',
    JOB_LEASE_MS: '2000',
    JOB_POLL_MS: '200',
  };
  // Started together, as a deploy starts them: the first to reach the database migrates it, under its lock.
  const [api, first] = await Promise.all([
    ownServers.start({ ...shared, ROLE: 'api' }),
    ownServers.start({ ...shared, ROLE: 'worker' }),
  ]);
  const health = (await (await request.get(`${api.url}/api/v1/health`)).json()) as { jobs: unknown };
  expect(health.jobs).toEqual({ queue: 'pg-boss', worker: 'none' });

  await loginAs(page, request, { subscribed: true, username: USERNAME }, api.url);
  await page.goto(`${api.url}/home`);
  await page.getByRole('button', { name: 'Start analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect.poll(() => ownerMidCollection(database.url), { timeout: 30_000 }).toContain(`:${first.pid}:`);
  await first.kill();
  const second = await ownServers.start({ ...shared, ROLE: 'worker' });

  // Nobody pressed anything: the same request is answered once the second worker has finished.
  await expect(page.getByRole('button', { name: 'Start analysis' })).toBeVisible({ timeout: 120_000 });
  const account = (await (await request.get(`${api.url}/dev/source/account?username=${USERNAME}`)).json()) as {
    followerCount: number;
  };
  await expect(page.getByTestId('total-followers')).toHaveText(
    `${(Math.floor((account.followerCount / 1000) * 10) / 10).toFixed(1)}K`,
  );
  expect(await ownerMidCollection(database.url)).toBeUndefined();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ runs: number; lease_owner: string }>('SELECT runs, lease_owner FROM analyses');
  await client.end();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.runs).toBe(2);
  expect(rows[0]?.lease_owner).toContain(`:${second.pid}:`);
});
