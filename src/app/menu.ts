// The menu's entries (spec §2 "Menu entries", §4 "Subscription"), as a pure function.

export type MenuEntry =
  | 'import'
  | 'support'
  | 'clearData'
  | 'terms'
  | 'privacy'
  | 'manageSubscription'
  | 'install'
  | 'logout';

/**
 * Entries in order; Import (issue 9), Support, Clear Data and Logout are hidden when not subscribed,
 * Install when not installable.
 */
export function menuEntries(state: { subscribed: boolean; installable: boolean }): MenuEntry[] {
  const all: MenuEntry[] = [
    'import',
    'support',
    'clearData',
    'terms',
    'privacy',
    'manageSubscription',
    'install',
    'logout',
  ];
  return all.filter((entry) => {
    if (entry === 'import' || entry === 'support' || entry === 'clearData' || entry === 'logout')
      return state.subscribed;
    if (entry === 'install') return state.installable;
    return true;
  });
}
