// The embedded database's queries wait in a queue (issue 35, the `load` bench): a loop turn runs them
// only within a time budget, the job worker's get every other slot, and a transaction runs as one.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asJobWork, asRequestFrom, mayWriteUsers, QueryScheduler, scheduledClient } from './query-scheduler.ts';

/** A scheduler on a clock that each query moves on by 1 ms, and a query that answers `value`. */
function onClock(budgetMs: number) {
  let clock = 0;
  const scheduler = new QueryScheduler(budgetMs, () => clock);
  const query = <T>(value: T, started?: (value: T) => void) =>
    scheduler.schedule(async () => {
      clock += 1;
      started?.(value);
      return value;
    });
  return { scheduler, query };
}

/** How many of `answers` have settled by the time a macrotask queued now runs. */
async function settledByNextImmediate(answers: Promise<unknown>[]): Promise<{ early: number; all: number }> {
  let settled = 0;
  for (const answer of answers) void answer.finally(() => settled++);
  const early = await new Promise<number>((resolve) => setImmediate(() => resolve(settled)));
  await Promise.allSettled(answers);
  return { early, all: settled };
}

describe('QueryScheduler', () => {
  it('runs queries back to back only within its turn budget, then lets the loop take a turn', async () => {
    const { query } = onClock(5);
    const answers = Array.from({ length: 1000 }, (_, i) => query(i));
    expect(await settledByNextImmediate(answers)).toEqual({ early: 5, all: 1000 });
  });

  it('bounds a chain of queries, each sent when the one before answers, as it bounds a queue', async () => {
    const { query } = onClock(5);
    const chain = (async () => {
      for (let i = 0; i < 100; i++) await query(i);
    })();
    let ranFirst = false;
    setImmediate(() => {
      ranFirst = true;
    });
    await chain;
    expect(ranFirst).toBe(true);
  });

  it('keeps first in, first out within a class', async () => {
    const { query } = onClock(3);
    const started: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => query(i, (value) => started.push(value))));
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("puts a request's next query before the queries of requests that arrived after it", async () => {
    const { query } = onClock(5);
    const started: string[] = [];
    const arrived = performance.now();
    const first = asRequestFrom(arrived, async () => {
      await query('first, 1', (value) => started.push(value));
      await query('first, 2', (value) => started.push(value));
    });
    const later = Array.from({ length: 20 }, (_, i) =>
      asRequestFrom(arrived + 1 + i, () => query(`later ${i}`, (value) => started.push(value))),
    );
    await Promise.all([first, ...later]);
    expect(started.indexOf('first, 2')).toBeLessThan(3);
  });

  it("gives the job worker's queries every other slot while requests' wait", async () => {
    const { query } = onClock(5);
    const started: string[] = [];
    const requests = Array.from({ length: 200 }, (_, i) => query(`request ${i}`, (value) => started.push(value)));
    const job = asJobWork(async () => {
      for (let i = 0; i < 10; i++) await query(`job ${i}`, (value) => started.push(value));
    });
    await job;
    const requestsBeforeJobEnded = started.filter((name) => name.startsWith('request')).length;
    // One request's query between two of the job's, give or take the job's own step to its next query.
    expect(requestsBeforeJobEnded).toBeLessThanOrEqual(21);
    await Promise.all(requests);
    expect(started.filter((name) => name.startsWith('job'))).toEqual(Array.from({ length: 10 }, (_, i) => `job ${i}`));
  });

  it("gives the job worker's queries no more of the time than the requests' while they wait", async () => {
    let clock = 0;
    const scheduler = new QueryScheduler(5, () => clock);
    const started: string[] = [];
    const query = (name: string, ms: number) =>
      scheduler.schedule(async () => {
        clock += ms;
        started.push(name);
      });
    // A request's query takes 1 ms, one of the job's transactions 10 ms.
    const requests = Array.from({ length: 200 }, (_, i) => query(`request ${i}`, 1));
    const job = asJobWork(async () => {
      for (let i = 0; i < 5; i++) await query(`job ${i}`, 10);
    });
    await job;
    const jobAt = started.flatMap((name, at) => (name.startsWith('job') ? [at] : []));
    // Ten of the requests' queries (their 10 ms) between two of the job's.
    for (let i = 1; i < jobAt.length; i++)
      expect((jobAt[i] as number) - (jobAt[i - 1] as number)).toBeGreaterThanOrEqual(11);
    await Promise.all(requests);
    expect(started).toHaveLength(205);
  });

  it("passes a failing query's error to its caller and goes on with the next", async () => {
    const scheduler = new QueryScheduler();
    const failed = scheduler.schedule(async () => {
      throw new Error('no such table');
    });
    const next = scheduler.schedule(async () => 'answered');
    await expect(failed).rejects.toThrow('no such table');
    await expect(next).resolves.toBe('answered');
  });
});

describe('scheduledClient', () => {
  let raw: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    client = scheduledClient(raw);
    await client.exec('CREATE TABLE t (n int)');
  }, 120_000); // initdb, slow on a loaded machine
  afterAll(() => raw.close());

  it('is still a PGlite and answers as one', async () => {
    expect(client).toBeInstanceOf(PGlite);
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await client.exec('SELECT 2 AS two'))[0]?.rows).toEqual([{ two: 2 }]);
  });

  it('lets a macrotask queued while 1000 queries wait run before they are all answered', async () => {
    const answers = Array.from({ length: 1000 }, () => client.query('SELECT 1'));
    const { early, all } = await settledByNextImmediate(answers);
    expect(early).toBeLessThan(1000);
    expect(all).toBe(1000);
  });

  it("runs a transaction's queries without a loop turn between them, and commits or rolls back as one", async () => {
    let turned = false;
    await client.transaction(async (tx) => {
      setImmediate(() => {
        turned = true;
      });
      for (let i = 0; i < 50; i++) await tx.query('INSERT INTO t VALUES (1)');
    });
    expect(turned).toBe(false);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query<{ n: number }>('SELECT DISTINCT n FROM t ORDER BY n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs transactions one after another, and keeps other queries out of an open one', async () => {
    const steps: string[] = [];
    let outside: Promise<{ rows: unknown[] }> | undefined;
    const run = (name: string) =>
      client.transaction(async (tx) => {
        steps.push(`${name} begins`);
        await tx.query('INSERT INTO t VALUES (3)');
        // Had it run inside the transaction (one connection), it would see the row the rollback undoes.
        outside ??= client.query('SELECT n FROM t WHERE n = 3');
        await new Promise((resolve) => setTimeout(resolve, 5));
        steps.push(`${name} ends`);
        await tx.rollback();
      });
    await Promise.all([run('first'), run('second')]);
    expect(steps).toEqual(['first begins', 'first ends', 'second begins', 'second ends']);
    expect((await outside)?.rows).toEqual([]);
  });
});

describe('mayWriteUsers', () => {
  it('takes every statement that may change users or sessions for a write, and reads of them for reads', () => {
    expect(mayWriteUsers('update "users" set "is_subscribed" = $1 where "users"."id" = $2')).toBe(true);
    expect(mayWriteUsers('insert into "sessions" ("token_hash") values ($1)')).toBe(true);
    expect(mayWriteUsers('delete from users where id = $1')).toBe(true);
    expect(mayWriteUsers('with gone as (delete from "users" returning id) select count(*) from gone')).toBe(true);
    expect(mayWriteUsers('select 1; update users set username = $1')).toBe(true);
    expect(mayWriteUsers('ALTER TABLE "users" ADD COLUMN "x" text')).toBe(true);
    expect(mayWriteUsers(undefined)).toBe(true);
    expect(mayWriteUsers('select * from "users" where "users"."id" = $1')).toBe(false);
    expect(mayWriteUsers("EXECUTE user_for_token('ab')")).toBe(false);
    expect(mayWriteUsers('insert into "story_pages" ("user_id") values ($1)')).toBe(false);
    expect(mayWriteUsers('update "analyses" set "user_id" = $1')).toBe(false);
    expect(mayWriteUsers('TRUNCATE public.sessions')).toBe(true);
    expect(mayWriteUsers('update analyses set x = 1 from users where users.id = analyses.user_id')).toBe(true);
    // story_pages has a column named users: its upsert is not a write of the table.
    expect(
      mayWriteUsers(
        'insert into "story_pages" ("user_id", "users", "next") values ($1, $2, $3) on conflict ("user_id") do update set "users" = $4',
      ),
    ).toBe(false);
    expect(mayWriteUsers('update "story_pages" set "users" = $1 where "story_pages"."user_id" = $2')).toBe(false);
  });
});
