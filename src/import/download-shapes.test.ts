// Issue 50: every shape of real downloads in ../shared/fixtures/download-shapes/ (its README says where
// each was seen) read right. The sets below were written by reading the fixture files, not by running
// the reader. The last part (issue 50 item 5) follows the requests sent and the accounts unfollowed on
// into the snapshot the import uploads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PeopleList } from '../../common/snapshot/people.ts';
import { decodeChunk } from '../../common/snapshot/snapshot.ts';
import { type FolderFile, type ParsedDownload, type Person, parseDownload } from './download.ts';
import { prepareSnapshot } from './upload.ts';

const SHAPES = new URL('../../../shared/fixtures/download-shapes/', import.meta.url).pathname;

/** A fixture folder's files as a picked folder gives them. */
function folder(name: string): FolderFile[] {
  const root = join(SHAPES, name);
  const files: FolderFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.push({ path: `${name}/${relative(root, path)}`, file: new File([readFileSync(path)], entry) });
    }
  };
  walk(root);
  return files;
}

async function shape(name: string): Promise<ParsedDownload> {
  const result = await parseDownload(folder(name));
  if (!result.ok) throw new Error(`${name}: ${result.problem}`);
  return result.value;
}

const byName = (list: PeopleList): Person[] => list.people().sort((a, b) => (a.name < b.name ? -1 : 1));
const names = (list: PeopleList): string[] => byName(list).map((person) => person.name);
const at = (iso: string) => Date.parse(iso) / 1000;

describe('the shapes real downloads have had', () => {
  it('A: following names only in title, with /_u/ links and no value', async () => {
    const { lists, leftOut } = await shape('A-json-title-u');
    expect(byName(lists.followers)).toEqual([
      { name: 'alice', at: 1_724_000_000 },
      { name: 'bob', at: 1_724_000_000 },
    ]);
    expect(byName(lists.following)).toEqual([
      { name: 'bob', at: 1_727_000_000 },
      { name: 'carol', at: 1_727_000_000 },
      { name: 'erin', at: 1_727_000_000 },
    ]);
    expect(leftOut).toEqual({});
  });

  it('B: an HTML following page with the name in <h2>, the /_u/ URL as link text and a <base href>', async () => {
    const { lists } = await shape('B-html-h2-u');
    expect(byName(lists.followers)).toEqual([
      { name: 'alice', at: at('2024-12-12T16:11:00Z') },
      { name: 'bob', at: at('2024-12-11T23:43:00Z') },
    ]);
    expect(byName(lists.following)).toEqual([
      { name: 'bob', at: at('2024-12-10T13:00:00Z') },
      { name: 'carol', at: at('2024-12-09T10:29:00Z') },
      { name: 'erin', at: at('2024-12-08T10:29:00Z') },
    ]);
  });

  it('C: the older layout, followers.json with no _1 at the root, wrapped in relationships_followers', async () => {
    const { lists } = await shape('C-old-followers-json');
    expect(names(lists.followers)).toEqual(['alice', 'bob']);
    expect(names(lists.following)).toEqual(['bob', 'carol']);
  });

  it('D: sibling lists as label_values, the label repaired from mojibake, a one-entry list as a bare object', async () => {
    const { lists, leftOut } = await shape('D-json-label-values');
    const when = 1_740_655_193;
    expect(byName(lists.followers)).toEqual([{ name: 'alice', at: 1_724_000_000 }]);
    expect(byName(lists.following)).toEqual([{ name: 'alice', at: 1_724_000_000 }]);
    expect(byName(lists.pendingFollowRequests)).toEqual([{ name: 'pend_one', at: when }]);
    expect(byName(lists.blocked)).toEqual([
      { name: 'blk_one', at: when },
      { name: 'blk_two', at: when },
    ]);
    expect(byName(lists.restricted)).toEqual([{ name: 'rst_one', at: when }]);
    expect(byName(lists.recentlyUnfollowedProfiles)).toEqual([{ name: 'unf_one', at: when }]);
    expect(leftOut).toEqual({});
  });

  it('E: HTML sibling pages as a labelled table with no link, the date in the next div', async () => {
    const { lists, leftOut } = await shape('E-html-labeled-table');
    expect(byName(lists.followers)).toEqual([{ name: 'alice', at: at('2026-08-10T04:38:00Z') }]);
    expect(byName(lists.following)).toEqual([{ name: 'alice', at: at('2026-08-10T04:38:00Z') }]);
    expect(byName(lists.blocked)).toEqual([{ name: 'blk_x', at: at('2026-08-05T13:00:00Z') }]);
    expect(byName(lists.pendingFollowRequests)).toEqual([
      { name: 'gabi_c', at: at('2026-08-07T19:31:00Z') },
      { name: 'other_p', at: at('2026-08-06T07:31:00Z') },
    ]);
    expect(leftOut).toEqual({});
  });

  it('F: pt-BR 12-hour dates, 12 in the morning being 00, and a Spanish p. m.', async () => {
    const { lists } = await shape('F-html-pt-dates');
    expect(byName(lists.followers)).toEqual([
      { name: 'es_pm', at: at('2026-08-11T13:07:00Z') },
      { name: 'manha', at: at('2026-08-10T04:38:00Z') },
      { name: 'meianoite', at: at('2026-08-12T00:30:00Z') },
      { name: 'tarde', at: at('2026-08-11T13:07:00Z') },
    ]);
    expect(byName(lists.following)).toEqual([{ name: 'manha', at: at('2026-08-10T04:38:00Z') }]);
  });

  it('G: names only in links: /_u/ with a query, no www., a #fragment, a trailing slash', async () => {
    const { lists } = await shape('G-json-href-variants');
    expect(byName(lists.followers)).toEqual([
      { name: 'first.user', at: 1 },
      { name: 'second_user', at: 2 },
      { name: 'third_user', at: 3 },
    ]);
    expect(byName(lists.following)).toEqual([
      { name: 'first.user', at: 1 },
      { name: 'fourth', at: 4 },
    ]);
  });

  it('K: followers_1.json holding its one follower as a bare object', async () => {
    const { lists } = await shape('K-json-bare-object');
    expect(byName(lists.followers)).toEqual([{ name: 'solo', at: 5 }]);
    expect(names(lists.following)).toEqual(['other', 'solo']);
  });
});

// Issue 50 item 5: the requests sent and the accounts unfollowed go on from the reader into the snapshot.
describe('the sibling lists a download carries into its snapshot', () => {
  /** A prepared list's people as its chunks hold them. */
  const carried = (chunks: Uint8Array[] | undefined) =>
    (chunks ?? []).flatMap((chunk) => {
      const decoded = decodeChunk(chunk);
      return decoded.names.map((name, i) => ({ name, at: decoded.at[i], list: decoded.list }));
    });

  it('D: both lists, read from label_values, declared and chunked with their names and times', async () => {
    const download = await shape('D-json-label-values');
    expect(download.present).toEqual(
      expect.arrayContaining(['followers', 'following', 'pendingFollowRequests', 'recentlyUnfollowedProfiles']),
    );
    const { meta, chunks } = await prepareSnapshot(download);
    expect(meta.pendingFollowRequests).toEqual({ count: 1, chunks: 1 });
    expect(meta.recentlyUnfollowedProfiles).toEqual({ count: 1, chunks: 1 });
    expect(meta.siblingsDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(carried(chunks.pendingFollowRequests)).toEqual([
      { name: 'pend_one', at: 1_740_655_193, list: 'pendingFollowRequests' },
    ]);
    expect(carried(chunks.recentlyUnfollowedProfiles)).toEqual([
      { name: 'unf_one', at: 1_740_655_193, list: 'recentlyUnfollowedProfiles' },
    ]);
  });

  it('E: an HTML labelled table of requests; no recently unfollowed file, so no such list (not an empty one)', async () => {
    const { meta, chunks } = await prepareSnapshot(await shape('E-html-labeled-table'));
    expect(meta.pendingFollowRequests).toEqual({ count: 2, chunks: 1 });
    expect(
      carried(chunks.pendingFollowRequests)
        .map((person) => person.name)
        .sort(),
    ).toEqual(['gabi_c', 'other_p']);
    expect(meta).not.toHaveProperty('recentlyUnfollowedProfiles');
    expect(chunks.recentlyUnfollowedProfiles).toBeUndefined();
  });

  it('A: a download with neither file carries neither, and no siblings digest', async () => {
    const { meta } = await prepareSnapshot(await shape('A-json-title-u'));
    expect(meta).not.toHaveProperty('pendingFollowRequests');
    expect(meta).not.toHaveProperty('recentlyUnfollowedProfiles');
    expect(meta).not.toHaveProperty('siblingsDigest');
  });

  it('the download’s digest leaves the sibling lists out: without their files it is the same download', async () => {
    const whole = folder('D-json-label-values');
    const withoutSiblings = whole.filter(
      (file) => !/(pending_follow_requests|recently_unfollowed_profiles)\.json$/.test(file.path),
    );
    const parsed = await Promise.all([parseDownload(whole), parseDownload(withoutSiblings)]);
    const [a, b] = await Promise.all(
      parsed.map((result) => {
        if (!result.ok) throw new Error(result.problem);
        return prepareSnapshot(result.value);
      }),
    );
    expect(a?.meta.digest).toBe(b?.meta.digest);
    expect(a?.meta.siblingsDigest).toBeDefined();
    expect(b?.meta.siblingsDigest).toBeUndefined();
  });
});
