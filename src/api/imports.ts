// GET client/imports/renames/ (issue 50): the followers who changed username between the two latest imports.
import { type Rename, renamesSchema } from '../../common/schema/imports.ts';
import { type ApiResult, call } from './client.ts';

/** The renames the latest import found; none when the latest figures are not an import's. */
export function fetchRenames(): Promise<ApiResult<Rename[]>> {
  return call('client/imports/renames/', { auth: true, parse: (raw) => renamesSchema.parse(raw) });
}
