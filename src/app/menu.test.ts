import { describe, expect, it } from 'vitest';
import { menuEntries } from './menu.ts';

describe('menu entries (spec §2, §4)', () => {
  it('shows every entry to an installable subscriber, in order', () => {
    expect(menuEntries({ subscribed: true, installable: true })).toEqual([
      'import',
      'support',
      'clearData',
      'terms',
      'privacy',
      'manageSubscription',
      'install',
      'logout',
    ]);
  });

  it('hides Import, Support, Clear Data and Logout without a subscription', () => {
    expect(menuEntries({ subscribed: false, installable: true })).toEqual([
      'terms',
      'privacy',
      'manageSubscription',
      'install',
    ]);
  });

  it('hides Install when the browser offers no installation', () => {
    expect(menuEntries({ subscribed: true, installable: false })).not.toContain('install');
  });
});
