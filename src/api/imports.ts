// The import calls the page makes itself (the upload is the collector worker's, src/import/upload.ts):
// GET client/imports/renames/ (issue 50), the followers who changed username between the two latest
// imports; POST client/imports/keep/ (issue 50 item 4), the answer "keep the previous import".
import { type Rename, renamesSchema } from '../../common/schema/imports.ts';
import { type UserRecord, userRecordSchema } from '../../common/schema/user.ts';
import { type ApiResult, call } from './client.ts';

/** The renames the latest import found; none when the latest figures are not an import's. */
export function fetchRenames(): Promise<ApiResult<Rename[]>> {
  return call('client/imports/renames/', { auth: true, parse: (raw) => renamesSchema.parse(raw) });
}

/**
 * The owner keeps the previous import rather than the download `digest`, whose followers dropped
 * sharply: remembered for that download, which then imports without asking and keeps the previous.
 */
export function keepPreviousImport(digest: string): Promise<ApiResult<UserRecord>> {
  return call('client/imports/keep/', {
    method: 'POST',
    auth: true,
    body: { digest },
    parse: (raw) => userRecordSchema.parse((raw as { user?: unknown }).user),
  });
}
