// Calls the collector worker makes to the API on the page's behalf (spec §7 getStories,
// getPostSentimentalAnalysis): they answer JSON text, `{status: false, message, http_status}` on a
// failure. This turns either into an ApiResult, as `call` does for the page's own calls.
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/index.ts';
import { CoreLoadError } from '../workers/collector.ts';
import { type ApiResult, commonHeaders, currentToken, reportUnauthorized } from './client.ts';

export async function callWorker<T>(
  run: (token: string, headers: Record<string, string>) => Promise<string>,
  /** The answer's data, or undefined when it is a failure. */
  read: (raw: unknown) => T | undefined,
  /** The message for a failure the server answered (status > 0), given its own message. */
  failureMessage: (status: number, serverMessage: string | undefined) => string,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await run((await currentToken()) ?? '', commonHeaders()));
  } catch (error) {
    if (signal?.aborted) return { ok: false, error: { kind: 'aborted', status: 0, message: '' } };
    // spec §8: a core that cannot load asks for a cache clear; any other run failure shows its message.
    const message =
      error instanceof CoreLoadError
        ? i18n._(msg`Please clear the browser cache and try again`)
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: { kind: 'invalid', status: 0, message } };
  }
  const data = read(raw);
  if (data !== undefined) return { ok: true, data };
  const failure = (raw ?? {}) as { http_status?: unknown; message?: unknown };
  const status = typeof failure.http_status === 'number' ? failure.http_status : 0;
  if (status === 401) await reportUnauthorized();
  const message =
    status === 0
      ? i18n._(msg`No connection. Check your network and try again.`)
      : failureMessage(status, typeof failure.message === 'string' ? failure.message : undefined);
  return { ok: false, error: { kind: status ? 'http' : 'network', status, message } };
}
