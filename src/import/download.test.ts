import { BlobReader, BlobWriter, type FileEntry, TextReader, TextWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PeopleList } from '../../common/snapshot/people.ts';
import { type Follow, makeDownload } from '../../tests/fixtures/downloads.ts';
import { htmlEntry, htmlPage } from '../../tests/fixtures/html-pages.ts';
import { listOfPath, type ParsedDownload, type Person, parseDownload } from './download.ts';
import { ownPostsOf } from './posts.ts';

const ana = { name: 'ana.lima', at: 1_676_354_318 };
const bob = { name: 'bob_92', at: 1_680_000_000 };
const cris = { name: 'cris', at: 1_690_000_000 };

async function parsed(spec: Parameters<typeof makeDownload>[0]) {
  const result = await parseDownload(await makeDownload(spec));
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

/** A list's people by name (lists come in id order, a hash of the name). */
const byName = (list: PeopleList): Person[] => list.people().sort((a, b) => (a.name < b.name ? -1 : 1));

/** A parsed download with its lists as people, to compare two reads. */
const plainly = ({ lists, ...rest }: ParsedDownload) => ({
  ...rest,
  lists: Object.fromEntries(Object.entries(lists).map(([list, people]) => [list, people.people()])),
});

/** What merging must give: one person per name, the earliest time. */
function merged(follows: Follow[]): Person[] {
  const earliest = new Map<string, number>();
  for (const { name, at } of follows) earliest.set(name, Math.min(at, earliest.get(name) ?? at));
  return [...earliest].map(([name, at]) => ({ name, at })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

describe('parseDownload', () => {
  it('says when the network wrote the download: the newest list file’s time', async () => {
    const value = await parsed({ followers: [[ana]], following: [], writtenAt: 1_790_000_000 });
    expect(value.writtenAt).toBe(1_790_000_000);
  });

  it('reads the owner’s posts and reels: when, photo or video, how many items', async () => {
    const value = await parsed({
      followers: [[ana]],
      following: [],
      posts: [
        { at: 300, uris: ['media/posts/202401/a.jpg'] },
        { at: 100, uris: ['media/posts/202401/b.jpg', 'media/posts/202401/c.mp4'] },
      ],
      reels: [{ at: 200, uri: 'media/reels/202401/r.mp4' }],
    });
    expect(value.posts).toEqual([
      { at: 100, video: true, items: 2, reel: false },
      { at: 200, video: true, items: 1, reel: true },
      { at: 300, video: false, items: 1, reel: false },
    ]);
    expect((await parsed({ followers: [[ana]], following: [] })).posts).toEqual([]);
  });

  it('skips posts it cannot date and files that are not lists of posts', () => {
    expect(ownPostsOf([{ media: [{ uri: 'x.jpg' }] }, { media: [] }, 'junk', null], false)).toEqual([]);
    expect(ownPostsOf({ ig_posts: [{ media: [{ uri: 'x.jpg', creation_timestamp: 5 }] }] }, false)).toEqual([
      { at: 5, video: false, items: 1, reel: false },
    ]);
    expect(ownPostsOf('not json we know', true)).toEqual([]);
  });

  it('reads an unzipped folder as it reads the ZIP', async () => {
    const zip = await makeDownload({
      followers: [[ana], [cris]],
      following: [bob],
      owner: 'me',
      topFolder: 'instagram-me',
    });
    const reader = new ZipReader(new BlobReader(zip));
    const files = [];
    for (const entry of await reader.getEntries()) {
      if (entry.directory) continue;
      const text = await (entry as FileEntry).getData(new TextWriter());
      files.push({
        path: entry.filename,
        file: new File([text], entry.filename.split('/').at(-1) ?? '', { lastModified: 1_790_000_000_000 }),
      });
    }
    await reader.close();
    const folder = await parseDownload(files);
    const whole = await parseDownload(zip);
    if (!folder.ok || !whole.ok) throw new Error('unreadable');
    expect(byName(folder.value.lists.followers)).toEqual(byName(whole.value.lists.followers));
    expect(byName(folder.value.lists.following)).toEqual([bob]);
    expect(folder.value.owner).toBe('me');
    expect(folder.value.writtenAt).toBe(1_790_000_000);
  });

  it('reads followers split across files and following, in the newer layout', async () => {
    const value = await parsed({ followers: [[ana], [bob, cris]], following: [bob], owner: 'Me.Myself' });
    expect(value.owner).toBe('me.myself');
    expect(byName(value.lists.followers)).toEqual([ana, bob, cris]);
    expect(byName(value.lists.following)).toEqual([bob]);
  });

  it('reads the older layout with wrapped arrays, and an archive inside a folder', async () => {
    const old = await parsed({ layout: 'root', shape: 'wrapped', followers: [[cris, ana]], following: [] });
    expect(byName(old.lists.followers)).toEqual([ana, cris]);
    const nested = await parsed({ topFolder: 'instagram-me-2024-01-01', followers: [[bob]], following: [ana] });
    expect(byName(nested.lists.followers)).toEqual([bob]);
    expect(byName(nested.lists.following)).toEqual([ana]);
  });

  it('takes the name from title, else value, else the link without _u/, lowercased', async () => {
    const byTitle = await parsed({
      followers: [[ana]],
      following: [{ name: 'Zoe.K', at: 1 }],
      followingStyle: 'title',
    });
    expect(byName(byTitle.lists.following)).toEqual([{ name: 'zoe.k', at: 1 }]);
    const byLink = await parsed({ followers: [[ana]], following: [{ name: 'Max', at: 2 }], followingStyle: 'href_u' });
    expect(byName(byLink.lists.following)).toEqual([{ name: 'max', at: 2 }]);
    const noName = await parsed({
      followers: [[ana]],
      following: [],
      extra: {
        'connections/followers_and_following/followers_2.json':
          '[{"title": "", "string_list_data": [{"href": "not a url"}]}]',
      },
    });
    expect(byName(noName.lists.followers)).toEqual([ana]);
    // Issue 50: left out, and said so.
    expect(noName.leftOut).toEqual({ followers: 1 });
  });

  it('refuses a download whose followers are missing, or read as nobody while following has people', async () => {
    const refused = async (spec: Parameters<typeof makeDownload>[0]) => await parseDownload(await makeDownload(spec));
    expect(await refused({ followers: [[]], following: [bob] })).toEqual({ ok: false, problem: 'noFollowers' });
    expect(await refused({ followers: [], following: [bob] })).toEqual({ ok: false, problem: 'noFollowers' });
    expect(
      await refused({
        followers: [],
        following: [bob],
        extra: { 'connections/followers_and_following/followers_1.json': '[{"title": "", "string_list_data": []}]' },
      }),
    ).toEqual({ ok: false, problem: 'noFollowers' });
    // An account nobody follows and that follows nobody is no mistake.
    expect((await refused({ followers: [[]], following: [] })).ok).toBe(true);
  });

  it('reads the siblings: recently unfollowed, pending, close friends, blocked, restricted', async () => {
    const list = (key: string) =>
      JSON.stringify({ [key]: [{ title: '', string_list_data: [{ value: 'eve', timestamp: 5 }] }] });
    const value = await parsed({
      followers: [[ana]],
      following: [],
      extra: {
        'connections/followers_and_following/recently_unfollowed_profiles.json': list('relationships_unfollowed_users'),
        'connections/followers_and_following/pending_follow_requests.json': list('relationships_follow_requests_sent'),
        'connections/followers_and_following/close_friends.json': list('relationships_close_friends'),
        'connections/followers_and_following/blocked_profiles.json': list('relationships_blocked_users'),
        'connections/followers_and_following/restricted_profiles.json': list('relationships_restricted_users'),
      },
    });
    for (const name of [
      'recentlyUnfollowedProfiles',
      'pendingFollowRequests',
      'closeFriends',
      'blocked',
      'restricted',
    ] as const) {
      expect(value.lists[name].people()).toEqual([{ name: 'eve', at: 5 }]);
    }
  });

  it('says what is wrong: a ZIP that is not a download, a broken file, a list cut short', async () => {
    const writer = new ZipWriter(new BlobWriter());
    await writer.add('holiday/photo.txt', new TextReader('not a download'));
    const notDownload = await parseDownload(await writer.close());
    expect(notDownload).toEqual({ ok: false, problem: 'notADownload' });
    expect(await parseDownload(new Blob(['this is not a zip at all']))).toEqual({ ok: false, problem: 'notAZip' });
    // Issue 51: a photo picked as the download is not a damaged ZIP.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await parseDownload(new Blob([png], { type: 'image/png' }))).toEqual({ ok: false, problem: 'notAZip' });
    expect(await parseDownload(new Blob([]))).toEqual({ ok: false, problem: 'notAZip' });
    const good = new Uint8Array(await (await makeDownload({ followers: [[ana, bob]], following: [] })).arrayBuffer());
    const broken = good.slice(0, Math.floor(good.length / 2));
    expect(await parseDownload(new Blob([broken]))).toEqual({ ok: false, problem: 'corrupt' });
    const cut = await makeDownload({
      followers: [[ana]],
      following: [],
      extra: { 'connections/followers_and_following/followers_2.json': '[{"title": "", "string_list_data": [' },
    });
    expect(await parseDownload(cut)).toEqual({ ok: false, problem: 'corrupt' });
    const cutPage = await makeDownload({
      format: 'html',
      followers: [[ana]],
      following: [],
      extra: {
        'connections/followers_and_following/followers_2.html':
          '<html><body><div><a href="https://www.instagram.com/bob">',
      },
    });
    expect(await parseDownload(cutPage)).toEqual({ ok: false, problem: 'corrupt' });
    const emptyHtmlFolder = new ZipWriter(new BlobWriter());
    await emptyHtmlFolder.add('connections/followers_and_following/index.html', new TextReader('<html></html>'));
    expect(await parseDownload(await emptyHtmlFolder.close())).toEqual({ ok: false, problem: 'notADownload' });
  });

  it('knows which list a path holds, in both layouts, and ignores look-alikes', () => {
    expect(listOfPath('connections/followers_and_following/followers_12.json')).toEqual({
      list: 'followers',
      format: 'json',
    });
    expect(listOfPath('followers_and_following/following.html')).toEqual({ list: 'following', format: 'html' });
    expect(listOfPath('x/connections/followers_and_following/following.json')?.list).toBe('following');
    // Issue 50: downloads before 2023 named it followers.json (Androz2091/instaddict #6).
    expect(listOfPath('connections/followers_and_following/followers.json')).toEqual({
      list: 'followers',
      format: 'json',
    });
    expect(listOfPath('connections/followers_and_following/followers_x.json')).toBeUndefined();
    expect(listOfPath('other/following.json')).toBeUndefined();
  });
});

/** A follow time as an HTML page shows it: to the minute. */
const toMinute = (follow: Follow): Follow => ({ ...follow, at: Math.floor(follow.at / 60) * 60 });

describe('HTML downloads (issue 21)', () => {
  const dan = { name: 'dan.2.x_', at: 1_700_000_000 };
  const eve = { name: 'Eve_1990.', at: 1_710_000_000 };

  it('reads followers split over three pages and following, in the newer layout, with the owner', async () => {
    const value = await parsed({
      format: 'html',
      owner: 'Me.Myself',
      followers: [[ana], [bob, dan], [cris, eve]],
      following: [bob, cris],
    });
    expect(value.owner).toBe('me.myself');
    expect(byName(value.lists.followers)).toEqual([ana, bob, cris, dan, { ...eve, name: 'eve_1990.' }].map(toMinute));
    expect(byName(value.lists.following)).toEqual([bob, cris].map(toMinute));
  });

  it('reads the older layout, an archive inside a folder, and links with /_u/', async () => {
    const old = await parsed({ format: 'html', layout: 'root', followers: [[cris, ana]], following: [dan] });
    expect(byName(old.lists.followers)).toEqual([ana, cris].map(toMinute));
    expect(byName(old.lists.following)).toEqual([dan].map(toMinute));
    const nested = await parsed({
      format: 'html',
      topFolder: 'instagram-me-2024-01-01',
      followers: [[bob]],
      following: [ana],
      followingStyle: 'href_u',
    });
    expect(byName(nested.lists.following)).toEqual([ana].map(toMinute));
  });

  it('reads the follow dates in each of the six languages, and when the download was written', async () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt-BR'] as const) {
      const value = await parsed({
        format: 'html',
        language,
        followers: [[ana, bob]],
        following: [cris],
        writtenAt: 1_790_000_000,
      });
      expect(byName(value.lists.followers), language).toEqual([ana, bob].map(toMinute));
      expect(value.writtenAt).toBe(1_790_000_000);
    }
  });

  it('reads a ZIP holding both formats once: each list from its JSON when there is one', async () => {
    const base = 'connections/followers_and_following/';
    const value = await parsed({
      followers: [[ana, bob]],
      following: [],
      extra: {
        [`${base}followers_1.html`]: htmlPage('Followers', [htmlEntry(ana), htmlEntry(cris)]),
        [`${base}close_friends.html`]: htmlPage('Close friends', [htmlEntry(dan)]),
      },
    });
    expect(byName(value.lists.followers)).toEqual([ana, bob]);
    expect(byName(value.lists.closeFriends)).toEqual([dan].map(toMinute));
  });

  it('reads the siblings as HTML pages too', async () => {
    const base = 'connections/followers_and_following/';
    const page = (title: string) => htmlPage(title, [htmlEntry(eve, 'title')]);
    const value = await parsed({
      format: 'html',
      followers: [[ana]],
      following: [],
      extra: {
        [`${base}recently_unfollowed_profiles.html`]: page('Recently unfollowed'),
        [`${base}pending_follow_requests.html`]: page('Pending'),
        [`${base}close_friends.html`]: page('Close friends'),
        [`${base}blocked_profiles.html`]: page('Blocked'),
        [`${base}restricted_profiles.html`]: page('Restricted'),
      },
    });
    for (const list of [
      'recentlyUnfollowedProfiles',
      'pendingFollowRequests',
      'closeFriends',
      'blocked',
      'restricted',
    ] as const) {
      expect(value.lists[list].people(), list).toEqual([{ name: 'eve_1990.', at: toMinute(eve).at }]);
    }
  });

  it('gives the same lists as the JSON download of the same account, but for seconds', async () => {
    const spec = { owner: 'me', followers: [[ana, dan], [bob]], following: [cris, eve] };
    const json = await parsed(spec);
    const html = await parsed({ ...spec, format: 'html' });
    for (const list of ['followers', 'following'] as const) {
      expect(html.lists[list].people()).toEqual(
        json.lists[list].people().map((person) => ({ ...person, at: Math.floor((person.at ?? 0) / 60) * 60 })),
      );
    }
  });
});

describe('parsing is order-independent and idempotent', () => {
  const follow = fc.record({
    name: fc.stringMatching(/^[a-z0-9._]{1,12}$/),
    at: fc.integer({ min: 1_300_000_000, max: 1_800_000_000 }),
  });

  it('gives the same lists however entries are ordered and split across files, and on a second read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(follow, { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        async (follows, parts, seed) => {
          const shuffled = [...follows].sort(
            (a, b) => ((a.name.length * 31 + seed) % 7) - ((b.name.length * 31 + seed) % 7),
          );
          const split: Follow[][] = Array.from({ length: parts }, (_, i) => shuffled.filter((_, k) => k % parts === i));
          const one = await parsed({ followers: [follows], following: follows });
          const other = await parsed({ followers: split, following: shuffled, shape: 'wrapped', layout: 'root' });
          expect(other.lists.followers.people()).toEqual(one.lists.followers.people());
          expect(other.lists.following.people()).toEqual(one.lists.following.people());
          expect(plainly(await parsed({ followers: [follows], following: follows }))).toEqual(plainly(one));
          expect(byName(one.lists.followers)).toEqual(merged(follows));
        },
      ),
      { numRuns: 40 },
    );
  });
});
