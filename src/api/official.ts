// The official-API connection's calls (issue 18): the consent page's address, completing the consent,
// and disconnecting. The user record each answers with goes to Dexie like every other.

import * as z from 'zod/mini';
import type { ConnectBody } from '../../common/schema/official.ts';
import { userRecordSchema } from '../../common/schema/user.ts';
import { call } from './client.ts';

const urlAnswer = z.object({ authorize_url: z.url() });
const userAnswer = z.object({ user: userRecordSchema, message: z.optional(z.string()) });

/** GET client/official/connect: where the Connect button sends the owner (the network's consent page). */
export function officialConsentUrl(signal?: AbortSignal) {
  return call('client/official/connect', { auth: true, signal, parse: (raw) => urlAnswer.parse(raw).authorize_url });
}

/** POST client/official/connect: the code and state the consent page sent back. */
export function completeOfficialConnect(body: ConnectBody, signal?: AbortSignal) {
  return call('client/official/connect', {
    method: 'POST',
    auth: true,
    body,
    signal,
    parse: (raw) => userAnswer.parse(raw).user,
  });
}

/** DELETE client/official/connection: the token goes; the figures collected stay. */
export function disconnectOfficial() {
  return call('client/official/connection', {
    method: 'DELETE',
    auth: true,
    parse: (raw) => userAnswer.parse(raw),
  });
}
