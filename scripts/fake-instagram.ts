// `tsx scripts/fake-instagram.ts --port 8790`: the fake Instagram Platform on its own, with a few
// accounts, so "Connect your account" can be tried locally. It prints the environment to give the
// app; the redirect URI must be one the fake accepts (the app's /connected page by default).

import { parseArgs } from 'node:util';
import { officialEnvironment } from '../tests/support/official/environment.ts';
import { fakeAccount, startFakeInstagram } from '../tests/support/official/fake-api.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8790' },
    host: { type: 'string', default: '127.0.0.1' },
    'redirect-uri': { type: 'string', multiple: true },
    'app-id': { type: 'string', default: '990602627938098' },
    'app-secret': { type: 'string', default: 'fake-instagram-app-secret' },
    'calls-per-hour': { type: 'string', default: '200' },
    // The platform reports a day's insights once it is over, often a day or two late (issue 36).
    'report-delay-hours': { type: 'string', default: '36' },
  },
});

// The dev server (Vite on 5173) and the API server (8081) both serve the /connected page.
const redirectUris = values['redirect-uri'] ?? [
  'http://localhost:5173/connected',
  'http://127.0.0.1:5173/connected',
  'http://localhost:8081/connected',
];
const now = Date.now();
const accounts = [
  fakeAccount({
    username: 'lumen.studio',
    seed: 11,
    accountType: 'BUSINESS',
    followers: 12_400,
    follows: 310,
    media: 130,
    now,
  }),
  // Under 100 followers: the follower metrics are not returned for it, as on the platform.
  fakeAccount({ username: 'tiny.bakery', seed: 12, followers: 80, follows: 95, media: 12, now }),
  fakeAccount({ username: 'big.creator', seed: 99, followers: 2_500_000, follows: 800, media: 5000, now }),
];

const fake = await startFakeInstagram({
  port: Number(values.port),
  host: values.host,
  appId: values['app-id'],
  appSecret: values['app-secret'],
  redirectUris,
  accounts,
  callsPerHour: Number(values['calls-per-hour']),
  reportDelayMs: Number(values['report-delay-hours']) * 3_600_000,
});

const lines = [
  `Fake Instagram Platform on ${fake.url} (www.instagram.com, api.instagram.com and graph.instagram.com)`,
  `Accounts: ${accounts.map((a) => `@${a.username} (${a.followers_count.toLocaleString('en')} followers, ${a.media_count} media)`).join(', ')}`,
  `Valid redirect URIs: ${redirectUris.join(', ')}`,
  '',
  'Give the app this environment:',
  ...Object.entries(
    officialEnvironment(fake.url, { appId: values['app-id'], appSecret: values['app-secret'] }, redirectUris[0] ?? ''),
  ).map(([name, value]) => `${name}=${value}`),
];
console.log(lines.join('\n'));

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
