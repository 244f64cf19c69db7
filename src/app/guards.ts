// Route guard decisions (spec §2 "Route guards", §4 "Access"), as one pure function.
import type { Guard } from '../../common/routes.ts';

/** What the guard knows about the login. */
export interface Auth {
  token: boolean;
  subscribed: boolean;
}

export type Decision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'wait' };

const render: Decision = { kind: 'render' };
const redirect = (to: string): Decision => ({ kind: 'redirect', to });

/**
 * Decides what a route does for a login. `auth` is undefined while the stored login is still being
 * read: routes that anyone may see render at once, and routes that need a login wait rather than
 * bounce a logged-in user to the welcome page.
 */
export function decide(guard: Guard, auth: Auth | undefined): Decision {
  if (auth === undefined) return guard === 'C' || guard === 'token' ? { kind: 'wait' } : render;
  switch (guard) {
    case 'A':
      return auth.token ? redirect('/home') : render;
    case 'B':
      return auth.token && auth.subscribed ? redirect('/home') : render;
    case 'C':
      if (!auth.token) return redirect('/');
      return auth.subscribed ? render : redirect('/home');
    case 'token':
      return auth.token ? render : redirect('/');
    case 'public':
    case 'none':
      return render;
  }
}
