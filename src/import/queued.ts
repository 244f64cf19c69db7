// Downloads read on this device while offline (issue 33): the snapshot waits in IndexedDB behind an
// outbox row (src/app/outbox.ts), which sends it here when the connection returns, with the same
// resumable upload as an import made online. Whatever the server answers is said in a toast.
import { msg } from '@lingui/core/macro';
import { userRecordSchema } from '../../common/schema/user.ts';
import { type ApiResult, commonHeaders, currentToken, reportUnauthorized } from '../api/client.ts';
import { db } from '../db/db.ts';
import { i18n } from '../i18n/index.ts';
import type { PreparedSnapshot } from './upload.ts';

/** Keeps the snapshot and queues it; the same download queued twice is one entry. */
export async function queueImport(prepared: PreparedSnapshot, label: string): Promise<void> {
  const key = `import-${prepared.meta.digest}`;
  await db.pendingImports.put({ key, label, prepared, createdAt: Date.now() });
  const { QUEUED_IMPORT_PATH, queueRequest } = await import('../app/outbox.ts');
  await queueRequest({ key, method: 'POST', path: QUEUED_IMPORT_PATH, body: { label } });
}

const refused = (status: number, message: string): ApiResult<string> => ({
  ok: false,
  error: { kind: 'http', status, message },
});
const notNow: ApiResult<string> = {
  ok: false,
  error: { kind: 'network', status: 0, message: i18n._(msg`No connection. Check your network and try again.`) },
};

/** Sends the queued download `key`; the outbox settles it unless the connection failed again. */
export async function sendQueuedImport(key: string): Promise<ApiResult<string>> {
  const row = await db.pendingImports.get(key);
  if (!row) {
    return refused(
      410,
      i18n._(msg`A download waiting to be sent is no longer on this device. Please import it again.`),
    );
  }
  const [{ uploadPrepared }, { writeUserRecord }, { clearListPages }] = await Promise.all([
    import('../workers/collector.ts'),
    import('../db/user.ts'),
    import('../db/lists.ts'),
  ]);
  let outcome: Awaited<ReturnType<typeof uploadPrepared>>;
  try {
    outcome = await uploadPrepared(row.prepared, (await currentToken()) ?? '', commonHeaders());
  } catch {
    // The worker was stopped under it: the snapshot is still here for the next try.
    return notNow;
  }
  if (!outcome.ok && outcome.kind === 'connection') return notNow;
  await db.pendingImports.delete(key);
  const label = row.label;
  if (!outcome.ok) {
    if (outcome.kind === 'unauthorized') void reportUnauthorized();
    const message = outcome.kind === 'refused' || outcome.kind === 'server' ? outcome.message : undefined;
    return refused(outcome.kind === 'unauthorized' ? 401 : 422, message ?? i18n._(msg`Please log in again.`));
  }
  const user = userRecordSchema.safeParse(outcome.user);
  if (user.success) {
    await writeUserRecord(user.data);
    if (outcome.status === 'imported' || outcome.status === 'updated') await clearListPages();
  }
  if (outcome.status === 'unchanged')
    return { ok: true, data: i18n._(msg`${label} was already imported: nothing changed.`) };
  if (outcome.status === 'kept')
    return {
      ok: true,
      data: i18n._(msg`You chose to keep your previous import rather than ${label}: nothing changed.`),
    };
  if (outcome.status === 'updated')
    return {
      ok: true,
      data: i18n._(
        msg`${label} was already imported. Its requests you sent and accounts you unfollowed recently are now added to it.`,
      ),
    };
  const followers = user.success ? user.data.total_followers : row.prepared.meta.followers.count;
  // A download names everyone, so its counts are always numbers; a record without them says 0 here.
  const gained = (user.success ? user.data.new_followers : null) ?? 0;
  const lost = (user.success ? user.data.followers_lost : null) ?? 0;
  return {
    ok: true,
    data: outcome.baseline
      ? i18n._(msg`Your download ${label} was imported: ${followers} followers.`)
      : i18n._(msg`Your download ${label} was imported: ${followers} followers, ${gained} new and ${lost} lost.`),
  };
}
