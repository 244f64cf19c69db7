// The embedded database's queries take a loop turn first (issue 35, the `load` bench: accepting waited
// for whole batches of queries), in and out of transactions, and transactions stay transactions.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldingClient } from './yielding.ts';

describe('yieldingClient', () => {
  let raw: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    client = yieldingClient(raw);
    await client.exec('CREATE TABLE t (n int)');
  }, 120_000); // initdb, slow on a loaded machine
  afterAll(() => raw.close());

  /** Whether a setImmediate queued just before `run` ran before `run`'s query did. */
  async function immediateRanFirst(run: (mark: (..._: unknown[]) => void) => Promise<unknown>) {
    const order: string[] = [];
    setImmediate(() => order.push('immediate'));
    await run(() => order.push('query'));
    return order[0] === 'immediate';
  }

  it('is still a PGlite and answers as one', async () => {
    expect(client).toBeInstanceOf(PGlite);
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('lets a pending macrotask run before each query and exec', async () => {
    // Without the turn, PGlite answers before the poll and check phases run.
    expect(await immediateRanFirst(async (mark) => mark(await raw.query('SELECT 1')))).toBe(false);
    expect(await immediateRanFirst(async (mark) => mark(await client.query('SELECT 1')))).toBe(true);
    expect(await immediateRanFirst(async (mark) => mark(await client.exec('SELECT 1')))).toBe(true);
  });

  it('does the same inside a transaction, which still commits or rolls back as one', async () => {
    const ranFirst = await immediateRanFirst((mark) =>
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        mark();
      }),
    );
    expect(ranFirst).toBe(true);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query<{ n: number }>('SELECT n FROM t ORDER BY n')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps another query out of an open transaction while the transaction yields', async () => {
    let outside: Promise<{ rows: unknown[] }> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (3)');
      // Had it run inside the transaction (one connection), it would see the row the rollback undoes.
      outside = client.query('SELECT n FROM t WHERE n = 3');
      await tx.query('SELECT 1');
      await tx.rollback();
    });
    expect((await outside)?.rows).toEqual([]);
  });
});
