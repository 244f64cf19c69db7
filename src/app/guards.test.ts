import { describe, expect, it } from 'vitest';
import { routeFor, routes } from '../../common/routes.ts';
import { type Auth, type Decision, decide } from './guards.ts';

const visitor: Auth = { token: false, subscribed: false };
const unsubscribed: Auth = { token: true, subscribed: false };
const subscriber: Auth = { token: true, subscribed: true };

const render: Decision = { kind: 'render' };
const to = (path: string): Decision => ({ kind: 'redirect', to: path });

// spec §2, one row per path: what a visitor, a login without subscription and a subscriber get.
const table: Array<[path: string, visitor: Decision, unsubscribed: Decision, subscriber: Decision]> = [
  ['/', render, to('/home'), to('/home')],
  ['/onboarding', render, to('/home'), to('/home')],
  ['/getmyanalysis', render, to('/home'), to('/home')],
  ['/searching', render, to('/home'), to('/home')],
  ['/paymentplan', render, render, to('/home')],
  ['/paymentplan_lp1', render, render, to('/home')],
  ['/existinguserlogin', render, to('/home'), to('/home')],
  ['/otp', render, render, render],
  ['/forgotuser', render, to('/home'), to('/home')],
  ['/home', to('/'), render, render],
  ['/newfollowers', to('/'), to('/home'), render],
  ['/followerslost', to('/'), to('/home'), render],
  ['/notfollowsback', to('/'), to('/home'), render],
  ['/donotfollowsback', to('/'), to('/home'), render],
  ['/profileview', to('/'), to('/home'), render],
  ['/mutualfollowing', to('/'), to('/home'), render],
  ['/pending_follow_requests', to('/'), to('/home'), render],
  ['/recently_unfollowed_profiles', to('/'), to('/home'), render],
  ['/postanalytics', to('/'), to('/home'), render],
  ['/reelanalytics', to('/'), to('/home'), render],
  ['/viewAllPosts', to('/'), to('/home'), render],
  ['/stories', to('/'), to('/home'), render],
  ['/downloadreel', to('/'), to('/home'), render],
  ['/downloadStories', to('/'), to('/home'), render],
  ['/sentimentalAnalysis', to('/'), to('/home'), render],
  ['/contactus', to('/'), to('/home'), render],
  ['/managesubscription', to('/'), to('/home'), render],
  ['/import', to('/'), to('/home'), render],
  ['/connected', to('/'), to('/home'), render],
  ['/termsofservice', render, render, render],
  ['/privacypolicy', render, render, render],
  ['/no-such-page', render, render, render],
];

describe('route guards (spec §2)', () => {
  it.each(table)('%s', (path, forVisitor, forUnsubscribed, forSubscriber) => {
    const { guard } = routeFor(path);
    expect(decide(guard, visitor)).toEqual(forVisitor);
    expect(decide(guard, unsubscribed)).toEqual(forUnsubscribed);
    expect(decide(guard, subscriber)).toEqual(forSubscriber);
  });

  it('covers every route of the table', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(
      table
        .map(([path]) => path)
        .filter((path) => path !== '/no-such-page')
        .sort(),
    );
  });

  it('sends an unknown path to the not-found screen', () => {
    expect(routeFor('/no-such-page').screen).toBe('notFound');
    expect(routeFor('/Home').screen).toBe('notFound');
  });

  it('waits for the stored login before leaving a protected route, and renders open routes at once', () => {
    expect(decide('C', undefined)).toEqual({ kind: 'wait' });
    expect(decide('token', undefined)).toEqual({ kind: 'wait' });
    for (const guard of ['A', 'B', 'public', 'none'] as const) expect(decide(guard, undefined)).toEqual(render);
  });
});
