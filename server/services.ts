// What the routes share: the database, the clock, mail, the code key and the settings.
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { MailDispatcher } from './mail/dispatcher.ts';
import type { MediaSigner } from './media/sign.ts';
import type { PushService } from './push/service.ts';
import type { OfficialDeps } from './source/official/collect.ts';

/** The settings routes read (a part of Config). */
export type ServerSettings = Pick<
  Config,
  | 'supportEmail'
  | 'publicUrl'
  | 'production'
  | 'limits'
  | 'accountLimits'
  | 'sampleNetwork'
  | 'official'
  | 'importQuota'
>;

export interface Services {
  db: Database;
  clock: Clock;
  mailer: MailDispatcher;
  /** HMAC key for login codes, shared through the database. */
  codeKey: Buffer;
  /** Signs media URLs for the proxy (server/media). */
  media: MediaSigner;
  settings: ServerSettings;
  /** The official API (issue 18), when configured; set once the app is built. */
  official?: OfficialDeps | undefined;
  /** Web Push (issue 33), unless PUSH=off; set once the app is built. */
  push?: PushService | undefined;
  /**
   * Told when an account's figures arrive (an import's commit; issue 34): a trial waiting for them starts.
   * Never throws and never waits: the caller has answered or is about to.
   */
  figuresArrived?: (userId: string) => void;
}
