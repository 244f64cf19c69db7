// How the server reaches the network's official API (issue 18, docs/sources.md "The official API").

/** The Graph API version we build on (docs/sources.md); INSTAGRAM_API_VERSION moves it. */
export const OFFICIAL_API_VERSION = 'v24.0';

/**
 * What Business Login asks the owner for: the profile and media (basic), account and media insights,
 * and the comments' text (manage_comments is the only scope that reads them; we never write).
 */
export const OFFICIAL_SCOPES = [
  'instagram_business_basic',
  'instagram_business_manage_insights',
  'instagram_business_manage_comments',
] as const;

/** Where the official API's media URLs point (the media proxy may fetch from them when it is configured). */
export const OFFICIAL_MEDIA_HOSTS = '*.cdninstagram.com,*.fbcdn.net';

export interface OfficialSettings {
  appId: string;
  appSecret: string;
  /** Where the consent page sends the owner back: the app's /connected page, registered on the app. */
  redirectUri: string;
  /** The authorization window (www.instagram.com), the code exchange (api.instagram.com) and the Graph host. */
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
  version: string;
  /** Seals stored tokens (AES-256-GCM); unset outside production, a key kept in the database is used. */
  tokenKey: Buffer | undefined;
  /**
   * Tests only: shorter waits after a rate limit and between retries, and a shorter deadline for one call
   * (graph.ts has the real ones).
   */
  pace?: { throttleWaitMs: number; retryBaseMs: number; callTimeoutMs?: number };
}
