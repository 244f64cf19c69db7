// The platform's callbacks for an owner who removes the app or asks for their data to be deleted
// (issue 49). Both come as a POST with a `signed_request`: "<signature>.<payload>", both base64url, the
// signature an HMAC-SHA256 of the payload with the app secret (the Data Deletion Request Callback's
// example; developers.facebook.com/docs/development/create-an-app/app-dashboard/data-deletion-callback/).
// Either way the sealed token and the account's official data are deleted at once; a deletion request
// also gets a confirmation code and a status page, which the platform shows the owner.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  analyses,
  officialAccount,
  officialDays,
  officialDeletions,
  officialMedia,
  officialTokens,
  users,
} from '../../db/schema.ts';
import { noFigures } from '../../users/record.ts';

/** What a verified signed request says: the app-scoped id of the owner, and when it was issued. */
export interface SignedRequest {
  userId: string;
  issuedAt: number | undefined;
}

const fromBase64Url = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');

/** The signed request's payload when its signature is the app secret's HMAC-SHA256 of it; else undefined. */
export function verifySignedRequest(signed: string, appSecret: string): SignedRequest | undefined {
  const [signature, payload, ...rest] = signed.split('.');
  if (!signature || !payload || rest.length || !appSecret) return undefined;
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = fromBase64Url(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let data: { algorithm?: unknown; user_id?: unknown; issued_at?: unknown };
  try {
    data = JSON.parse(fromBase64Url(payload).toString('utf8')) as typeof data;
  } catch {
    return undefined;
  }
  if (String(data.algorithm).toUpperCase() !== 'HMAC-SHA256') return undefined;
  if ((typeof data.user_id !== 'string' && typeof data.user_id !== 'number') || !String(data.user_id)) return undefined;
  return { userId: String(data.user_id), issuedAt: typeof data.issued_at === 'number' ? data.issued_at : undefined };
}

/**
 * Deletes the token and every official figure of the account the platform names by `appUserId`, and
 * marks the connection 'deauthorized' so the owner sees why and can connect again. Returns whether an
 * account was found.
 */
export async function forgetOfficial(db: Database, appUserId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(or(eq(users.officialAppUserId, appUserId), eq(users.officialAccountId, appUserId)));
    if (!user) return false;
    await tx.delete(officialTokens).where(eq(officialTokens.userId, user.id));
    await tx.delete(officialMedia).where(eq(officialMedia.userId, user.id));
    await tx.delete(officialDays).where(eq(officialDays.userId, user.id));
    await tx.delete(officialAccount).where(eq(officialAccount.userId, user.id));
    // A running collection stops; the official analyses go with what they held.
    await tx
      .update(analyses)
      .set({ cancelRequested: true })
      .where(and(eq(analyses.userId, user.id), eq(analyses.status, 'running'), eq(analyses.source, 'official')));
    await tx
      .delete(analyses)
      .where(and(eq(analyses.userId, user.id), eq(analyses.source, 'official'), eq(analyses.status, 'complete')));
    // What the download gave stays with it: its time and its own lists' counts (issue 50 item 5).
    const download = {
      downloadTakenAt: user.downloadTakenAt,
      pendingFollowRequests: user.pendingFollowRequests,
      recentlyUnfollowedProfiles: user.recentlyUnfollowedProfiles,
    };
    const figures = user.dataSource === 'official' ? { ...noFigures, ...download } : {};
    await tx
      .update(users)
      .set({
        ...figures,
        officialStatus: 'deauthorized',
        officialAccountId: null,
        officialAppUserId: null,
        officialUsername: null,
        officialConnectedAt: null,
        officialCollectedAt: null,
        officialCounts: null,
      })
      .where(eq(users.id, user.id));
    return true;
  });
}

/** Records a deletion request, done at once, and its confirmation code (alphanumeric, as the platform asks). */
export async function recordDeletion(db: Database, appUserId: string, found: boolean, now: Date): Promise<string> {
  const confirmationCode = randomBytes(12).toString('hex');
  await db.insert(officialDeletions).values({ confirmationCode, appUserId, found, requestedAt: now, completedAt: now });
  return confirmationCode;
}

/** A deletion request by its confirmation code, for its status page. */
export async function deletionOf(db: Database, confirmationCode: string) {
  if (!/^[0-9a-f]{24}$/.test(confirmationCode)) return undefined;
  const [row] = await db
    .select()
    .from(officialDeletions)
    .where(eq(officialDeletions.confirmationCode, confirmationCode));
  return row;
}
