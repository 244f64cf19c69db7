// The sample network's stories: accounts an account follows post stories that live 24 hours. Each
// item's media is served by the network (in-process, behind the media proxy). The network records
// a view only when a logged-in viewer marks an item seen, as the real one does; Followscope never
// does, which is what "anonymous watching" means, and tests read the record to prove it.
import type { SourceStoryItem } from './connector.ts';
import { hash3 } from './hash.ts';

const HOUR_MS = 3_600_000;
export const STORY_LIFETIME_MS = 24 * HOUR_MS;
/** The network's media host; the media proxy serves it in-process, never over the network. */
export const SAMPLE_MEDIA_HOST = 'media.sample.followscope';
export const sampleMediaUrl = (path: string) => `https://${SAMPLE_MEDIA_HOST}/${path}`;

/**
 * Whether candidate `index` of an account has stories up at `nowMs`, and which: an account posts
 * a burst of stories at an hour of its own on some days; each lives 24 hours.
 */
export function storiesOf(candidate: { id: string }, nowMs: number): SourceStoryItem[] {
  const seed = Number(BigInt(candidate.id) % 2_147_483_647n);
  const hour = Math.floor(nowMs / HOUR_MS);
  const items: SourceStoryItem[] = [];
  // Bursts in the last 24 hours, newest last.
  for (let h = hour - 23; h <= hour; h++) {
    if (hash3(seed, h, 17) % 40 !== 0) continue;
    const count = 1 + (hash3(seed, h, 18) % 4);
    for (let k = 0; k < count; k++) {
      const takenAt = h * HOUR_MS + k * 60_000;
      if (takenAt > nowMs) continue;
      const video = hash3(seed, h, 19 + k) % 4 === 0;
      // Now and then a story's file is gone from the network, as happens for real.
      const gone = hash3(seed, h, 29 + k) % 12 === 0;
      const id = `${candidate.id}_${h}_${k}`;
      items.push({
        id,
        mediaType: video ? 'video' : 'image',
        url: sampleMediaUrl(`stories/${id}${gone ? '-gone' : ''}.${video ? 'webm' : 'svg'}`),
        thumbnailUrl: sampleMediaUrl(`stories/${id}.svg`),
        width: 720,
        height: 1280,
        durationMs: video ? 6_000 : 5_000,
        takenAt,
        expiringAt: takenAt + STORY_LIFETIME_MS,
      });
    }
  }
  return items;
}

/** A story picture: a tall gradient with the author's initial and the time it was taken. */
export function storyPicture(id: string): string {
  const [author = '0', hour = '0', index = '0'] = id.split('_');
  const seed = hash3(Number(BigInt(author) % 2_147_483_647n), Number(hour), Number(index));
  const hue = seed % 360;
  const time = new Date(Number(hour) * HOUR_MS).toISOString().slice(11, 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 1280"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360} 65% 35%)"/></linearGradient></defs><rect width="720" height="1280" fill="url(#g)"/><text x="360" y="620" font-family="sans-serif" font-size="160" text-anchor="middle" fill="rgba(255,255,255,.9)">${Number(index) + 1}</text><text x="360" y="760" font-family="sans-serif" font-size="56" text-anchor="middle" fill="rgba(255,255,255,.8)">${time} UTC</text></svg>`;
}

/** Who marked which story item seen (the network's viewer lists). */
export class StoryViewers {
  private readonly seen = new Map<string, Set<string>>();

  markSeen(itemId: string, viewerId: string): void {
    const viewers = this.seen.get(itemId) ?? new Set<string>();
    viewers.add(viewerId);
    this.seen.set(itemId, viewers);
  }

  /** Viewers of every item whose author is `authorId`. */
  viewersOf(authorId: string): Record<string, string[]> {
    const result: Record<string, string[]> = {};
    for (const [itemId, viewers] of this.seen) {
      if (itemId.startsWith(`${authorId}_`)) result[itemId] = [...viewers];
    }
    return result;
  }

  /** Every item anyone marked seen. */
  all(): Record<string, string[]> {
    return Object.fromEntries([...this.seen].map(([item, viewers]) => [item, [...viewers]]));
  }
}
