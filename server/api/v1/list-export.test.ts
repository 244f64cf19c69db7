// A whole list in one streamed answer (issue 20): the same names, in the same order, as the screens'
// pages; resumable from any row; and only for a subscriber.
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../tests/support/test-server.ts';
import type { ListExportEnd, ListExportHead, ListExportRow } from '../../analysis/list-export.ts';
import { issueToken } from '../../auth/tokens.ts';
import { users } from '../../db/schema.ts';

const harness = serverPerTest();

async function account(username: string, isSubscribed = true) {
  const [user] = await harness.app.services.db
    .insert(users)
    .values({ email: `${username}@example.com`, username, isSubscribed })
    .returning();
  if (!user) throw new Error('no user');
  const token = await issueToken(harness.app.services.db, user.id, harness.server.now());
  return { user, auth: { authorization: `Bearer ${token}` } };
}

async function pages(auth: Record<string, string>, path: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const response = await harness.app.inject({
      url: `/api/v1/client/instagram/${path}/100/?page=${page}`,
      headers: auth,
    });
    const items = response.json() as Array<{ insta_username: string }>;
    names.push(...items.map((item) => item.insta_username));
    if (items.length < 100) return names;
  }
}

async function exported(auth: Record<string, string>, path: string, from = 0) {
  const response = await harness.app.inject({
    url: `/api/v1/client/instagram/${path}/export/?from=${from}`,
    headers: auth,
  });
  const lines = response.body.trimEnd().split('\n');
  const head = JSON.parse(lines[0] ?? '') as ListExportHead;
  const end = JSON.parse(lines.at(-1) ?? '') as ListExportEnd;
  const rows = lines.slice(1, -1).flatMap((line) => JSON.parse(line) as ListExportRow[]);
  return { response, head, end, rows };
}

describe('list export', () => {
  it('streams the same names in the same order as the pages, with the source, and resumes from a row', async () => {
    await harness.start();
    await harness.app.ready();
    const { auth } = await account('followscope.demo', true);
    const analysed = await harness.app.inject({ url: '/api/v1/client/insta/start/analysis/', headers: auth });
    expect(analysed.statusCode).toBe(200);

    for (const path of ['mutual/follower', 'not/following/back']) {
      const expected = await pages(auth, path);
      expect(expected.length).toBeGreaterThan(100);
      const { response, head, end, rows } = await exported(auth, path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(head).toMatchObject({ total: expected.length, from: 0, source: { source: 'sample' } });
      expect(end).toEqual({ end: true, count: expected.length });
      expect(rows.map((row) => row[1])).toEqual(expected);

      const resumed = await exported(auth, path, 37);
      expect(resumed.head.from).toBe(37);
      expect(resumed.rows.map((row) => row[1])).toEqual(expected.slice(37));
    }
  });

  it('sends an empty list before any analysis, and refuses the unsubscribed and the logged out', async () => {
    await harness.start();
    const { auth } = await account('nobody.yet.sample');
    const empty = await exported(auth, 'new/followers');
    expect(empty.head).toMatchObject({ total: 0, from: 0 });
    expect(empty.rows).toEqual([]);
    expect(empty.end).toEqual({ end: true, count: 0 });

    const expired = await account('expired.one.sample', false);
    const refused = await harness.app.inject({
      url: '/api/v1/client/instagram/new/followers/export/',
      headers: expired.auth,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await harness.app.inject({ url: '/api/v1/client/instagram/new/followers/export/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
