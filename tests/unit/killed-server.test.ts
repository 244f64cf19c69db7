// Issue 35 item 3 in CI: the server process killed (SIGKILL) in the middle of a commit, then started
// again on its data folder, on the embedded database. Nothing is half committed: once restarted, the
// account shows its previous figures or the new ones, never a mix, and the analysis resumes (the import's
// commit, sent again, completes) with the right figures. `npm run bench -- faults_process` kills at more
// moments, with larger accounts and on PostgreSQL too; the collection's kill is tests/e2e/analysis.spec.ts's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { type Figures, figuresOf, startAnalysis, subscriber, truthOf, wholeState } from '../support/account-figures.ts';
import { postJson } from '../support/api.ts';
import { snapshotOf, uploadSnapshot } from '../support/upload-snapshot.ts';

const DAY = 24 * 3_600_000;
const DAY_ZERO = Date.parse('2026-11-27T12:00:00.000Z');
const dayAt = (day: number) => new Date(DAY_ZERO + day * DAY).toISOString();
/** A port of its own: the restarted server must come back where the test's requests go. */
const PORT = '8531';

let dataDir: string;
let server: RunningServer | undefined;

/**
 * The server on the test's data folder; its clock frozen on `day` when given (a restarted analysis must
 * collect the day's lists it was killed in). An import's is not: its commits are ordered by their time.
 */
const serve = (day?: number) =>
  startServer({
    DATA_DIR: dataDir,
    PORT,
    SERVE_APP: 'false',
    LOG_LEVEL: 'info',
    SOURCE_PAGES_PER_SECOND: '1000000',
    ...(day !== undefined && { FROZEN_CLOCK: dayAt(day) }),
  });

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'followscope-killed-'));
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL', () => {
  it('while it commits an analysis starts again with whole figures, and the analysis completes as the network says', async () => {
    const username = 'size.20000.5000';
    server = await serve(0);
    const token = await subscriber(server.url, 'killed.analysis@example.com', username);
    expect(await startAnalysis(server.url, token)).toMatchObject({ status: 200 });
    const previous = await figuresOf(server.url, token);
    await postJson(server.url, '/dev/clock', { advance_ms: DAY });

    const committing = server.printed(/analysis collected; committing/);
    const running = startAnalysis(server.url, token);
    await committing;
    await server.kill();
    await running;
    server = await serve(1);

    const next = await truthOf(server.url, username, dayAt(1), dayAt(0));
    expect(next.new_followers).toBeGreaterThan(0);
    expect(wholeState(await figuresOf(server.url, token), previous, next)).not.toBe('neither');
    expect(await startAnalysis(server.url, token)).toMatchObject({ status: 200 });
    expect(await figuresOf(server.url, token)).toEqual(next);
  }, 180_000);

  it('while it commits an import starts again with whole figures, and the commit sent again completes it', async () => {
    const [followers, following, shift] = [20_000, 5_000, 200];
    server = await serve();
    const token = await subscriber(server.url, 'killed.import@example.com', 'import.killed');
    const commit = (id: string) =>
      postJson(server?.url ?? '', `/api/v1/client/imports/${id}/commit`, {}, { authorization: `Bearer ${token}` });
    const first = await uploadSnapshot(server.url, token, snapshotOf(followers, following));
    expect((await commit(first)).status).toBe(200);
    const previous = await figuresOf(server.url, token);

    const newer = snapshotOf(followers, following, { from: shift, writtenAt: 1_780_086_400 });
    const id = await uploadSnapshot(server.url, token, newer);
    const arrived = server.printed(new RegExp(`/imports/${id}/commit`));
    const committing = commit(id).catch(() => undefined);
    await arrived;
    await server.kill();
    await committing;
    server = await serve();

    const next: Figures = {
      total_followers: followers,
      total_following: following,
      new_followers: shift,
      followers_lost: shift,
      new_followers_list: shift,
      followers_lost_list: shift,
    };
    expect(wholeState(await figuresOf(server.url, token), previous, next)).not.toBe('neither');
    expect((await commit(id)).status).toBe(200);
    expect(await figuresOf(server.url, token)).toEqual(next);
  }, 180_000);
});
