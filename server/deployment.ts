// What a deployment must get right before the server may start (docs/deployment.md "Production"): where the
// development endpoints may answer, and the settings production cannot run without.
import ipaddr from 'ipaddr.js';
import { VAPID_SETTINGS, vapidPublicKeyOf } from './push/settings.ts';

/** True when `host` only accepts connections from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.process(bare);
  return address.range() === 'loopback';
}

/** The environment variables the checks below read (strings as the environment gives them). */
interface DeploymentEnv {
  SMTP_URL?: string | undefined;
  PAYMENTS?: 'sandbox' | 'recurly' | undefined;
  RECURLY_API_KEY?: string | undefined;
  RECURLY_WEBHOOK_KEY?: string | undefined;
  DEV_ENDPOINTS?: 'auto' | 'on' | 'off' | undefined;
  FROZEN_CLOCK?: string | undefined;
  INSTAGRAM_APP_ID?: string | undefined;
  INSTAGRAM_APP_SECRET?: string | undefined;
  INSTAGRAM_REDIRECT_URI?: string | undefined;
  INSTAGRAM_AUTH_URL?: string | undefined;
  INSTAGRAM_TOKEN_URL?: string | undefined;
  INSTAGRAM_GRAPH_URL?: string | undefined;
  OFFICIAL_TOKEN_KEY?: string | undefined;
  PUSH?: 'on' | 'off' | undefined;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  PUBLIC_URL?: string | undefined;
}

const officialSettings = ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET', 'INSTAGRAM_REDIRECT_URI'] as const;

/**
 * Each setting that is missing or wrong for this deployment, as "VARIABLE: what goes wrong without it".
 * In production a missing setting stops the start rather than failing quietly later (issue 26).
 */
export function deploymentProblems(env: DeploymentEnv, production: boolean): string[] {
  const problems: string[] = [];
  if (env.PAYMENTS === 'recurly' && !env.RECURLY_API_KEY) {
    problems.push('RECURLY_API_KEY: PAYMENTS=recurly needs the Recurly API key to charge cards');
  }
  // Half an official-API app would show a Connect button that cannot work: name what is missing.
  const official = officialSettings.filter((name) => env[name]);
  if (official.length > 0 && official.length < officialSettings.length) {
    for (const name of officialSettings.filter((name) => !env[name])) {
      problems.push(
        `${name}: the official API needs ${officialSettings.join(', ')} together (${official.join(', ')} set)`,
      );
    }
  }
  if (!production) return [...problems, ...vapidProblems(env, false)];
  if (official.length === officialSettings.length && !env.OFFICIAL_TOKEN_KEY) {
    problems.push(
      'OFFICIAL_TOKEN_KEY: production seals the official API tokens with this key (32 random bytes, base64: ' +
        '`openssl rand -base64 32`); without it they would be readable by anyone who reads the database',
    );
  }
  if (env.INSTAGRAM_REDIRECT_URI && !env.INSTAGRAM_REDIRECT_URI.startsWith('https://')) {
    problems.push('INSTAGRAM_REDIRECT_URI: the network sends the consent code only to an https address');
  }
  // Issue 32: the app secret, the consent code and the tokens travel to these; in clear, anyone on the way reads them.
  for (const name of ['INSTAGRAM_AUTH_URL', 'INSTAGRAM_TOKEN_URL', 'INSTAGRAM_GRAPH_URL'] as const) {
    const address = env[name];
    if (address && !address.startsWith('https://')) {
      problems.push(
        `${name}: production talks to the official API over https only (the app secret and tokens go there)`,
      );
    }
  }
  if (!env.SMTP_URL) {
    problems.push('SMTP_URL: production sends login codes by mail; without a mail server no one can log in');
  }
  // Issue 48: a login mail's sign-in link names it; taken from a request, anyone could point it elsewhere.
  if (!env.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: production mails sign-in links to the app, at this https address (e.g. https://app.example.com)',
    );
  } else if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push('PUBLIC_URL: production serves the app over https only; a sign-in link must not travel in clear');
  }
  if (!env.PAYMENTS && !env.RECURLY_API_KEY) {
    problems.push(
      'RECURLY_API_KEY: production charges cards through Recurly; without it the sandbox would give subscriptions ' +
        'away for its test cards (set PAYMENTS=sandbox to choose that on purpose, for a demo)',
    );
  }
  const recurly = env.PAYMENTS === 'recurly' || (!env.PAYMENTS && env.RECURLY_API_KEY);
  if (recurly && !env.RECURLY_WEBHOOK_KEY) {
    problems.push(
      'RECURLY_WEBHOOK_KEY: without it Recurly webhooks are refused, so a subscription that lapses or is cancelled ' +
        'would keep its access',
    );
  }
  if (env.DEV_ENDPOINTS === 'on') {
    problems.push('DEV_ENDPOINTS: production never serves the development endpoints; unset it');
  }
  if (env.FROZEN_CLOCK) {
    problems.push('FROZEN_CLOCK: for development and tests only; production runs on real time');
  }
  return [...problems, ...vapidProblems(env, true)];
}

/**
 * Web Push's keys (issue 33): all three or none, a public key that is the private key's, and in
 * production all three whenever push is on (a pair made by one process and kept in its database would
 * change with every fresh deployment, and every device's subscription with it).
 */
function vapidProblems(env: DeploymentEnv, production: boolean): string[] {
  if (env.PUSH === 'off') return [];
  const set = VAPID_SETTINGS.filter((name) => env[name]);
  const missing = VAPID_SETTINGS.filter((name) => !env[name]);
  if (set.length > 0 && missing.length > 0) {
    return missing.map(
      (name) => `${name}: Web Push needs ${VAPID_SETTINGS.join(', ')} together (${set.join(', ')} set)`,
    );
  }
  if (set.length === 0) {
    if (!production) return [];
    return missing.map(
      (name) =>
        `${name}: production signs push notifications with its own VAPID keys (\`npx web-push generate-vapid-keys\`, ` +
        'and VAPID_SUBJECT a mailto: or https: contact); set PUSH=off to run without notifications',
    );
  }
  if (env.VAPID_PRIVATE_KEY && vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY) {
    return ['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY; push services would refuse every message'];
  }
  return [];
}
