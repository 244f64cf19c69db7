// Reading what the official API gave (issue 18) in the shapes the screens' routes already speak.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { officialAccount, officialDays, officialMedia } from '../../db/schema.ts';
import type { SourcePost, SourceStoryUser } from '../connector.ts';

/** The owner's posts and reels, newest first, as the post routes rank and measure them. */
export async function officialPosts(db: Database, userId: string): Promise<SourcePost[]> {
  const rows = await db
    .select({
      shortcode: officialMedia.shortcode,
      product: officialMedia.product,
      mediaType: officialMedia.mediaType,
      takenAt: officialMedia.takenAt,
      likes: officialMedia.likes,
      comments: officialMedia.comments,
      views: officialMedia.views,
      mediaUrl: officialMedia.mediaUrl,
      thumbnailUrl: officialMedia.thumbnailUrl,
      children: officialMedia.children,
    })
    .from(officialMedia)
    .where(eq(officialMedia.userId, userId))
    .orderBy(desc(officialMedia.takenAt));
  return rows.map((row) => ({
    shortCode: row.shortcode,
    isReel: row.product === 'REELS',
    type: row.mediaType === 'VIDEO' ? 'video' : 'image',
    takenAt: Math.floor(row.takenAt.getTime() / 1000),
    likes: row.likes,
    comments: row.comments,
    // The API's views, or null where it gave none (issue 49): never a 0 it did not say.
    views: row.views,
    children: row.children,
    thumbnailUrl: row.thumbnailUrl,
    url: row.mediaUrl,
  }));
}

/** The text of one post's comments and replies, or undefined when the post is not the owner's. */
export async function officialComments(db: Database, userId: string, shortcode: string) {
  const [row] = await db
    .select({ texts: officialMedia.commentTexts })
    .from(officialMedia)
    .where(and(eq(officialMedia.userId, userId), eq(officialMedia.shortcode, shortcode)));
  return row ? (row.texts ?? []) : undefined;
}

export type OfficialStoryUser = SourceStoryUser & {
  items: (SourceStoryUser['items'][number] & { insights?: Record<string, number | null> })[];
};

/** The owner's stories at the last collection, with their insights; null when the API gave none. */
export async function officialStories(db: Database, userId: string) {
  const [row] = await db
    .select({
      stories: officialAccount.stories,
      at: officialAccount.collectedAt,
      online: officialAccount.onlineFollowers,
    })
    .from(officialAccount)
    .where(eq(officialAccount.userId, userId));
  return row ? { stories: row.stories as OfficialStoryUser | null, at: row.at, online: row.online ?? null } : undefined;
}

/** Every stored day, oldest first. */
export async function officialDaysOf(db: Database, userId: string) {
  return db.select().from(officialDays).where(eq(officialDays.userId, userId)).orderBy(asc(officialDays.day));
}
