// The header (spec §2 Shell): menu, the user's full name and @username, logout and install.
// On a phone it is one row, at most 72 px tall in every language (issue 51): the name and the username
// take one line each, cut with an ellipsis; the whole of both is the button's name and shows on a tap.
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useUserRecord } from '../db/user.ts';
import { logout } from './actions.ts';
import { promptInstall, useInstallable } from './install.ts';
import { Menu } from './Menu.tsx';
import { useSession } from './session.ts';

/** The name and @username, one ellipsised line each; a tap shows both whole below the header. */
function Who({ fullName, username }: { fullName: string; username: string }) {
  const [open, setOpen] = useState(false);
  const who = useRef<HTMLDivElement>(null);
  // An account with no full name is named once, by its username (issue 34: it read
  // "maria.lope…" above "@maria.lopez.photo").
  const named = fullName !== '' && fullName !== username;
  const handle = username ? `@${username}` : '';
  const whole = [named ? fullName : '', handle].filter(Boolean).join(' ');

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof PointerEvent && who.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div className="header__who" ref={who}>
      <button
        type="button"
        className="header__who-button"
        title={whole}
        aria-label={whole}
        aria-expanded={open}
        aria-controls="header-whole-name"
        onClick={() => setOpen(!open)}
      >
        {named && <span className="header__name">{fullName}</span>}
        {handle && <span className={named ? 'header__username' : 'header__name'}>{handle}</span>}
      </button>
      {open && (
        <div id="header-whole-name" className="header__whole">
          {named && <span className="header__whole-name">{fullName}</span>}
          {handle && <span className="header__whole-username">{handle}</span>}
        </div>
      )}
    </div>
  );
}

export default function Header() {
  const { login, auth } = useSession();
  const user = useUserRecord();
  const installable = useInstallable();
  const [, navigate] = useLocation();
  const subscribed = auth?.subscribed ?? false;
  const username = user?.username ?? login?.username ?? '';
  const fullName = user?.insta_full_name || login?.insta_full_name || '';

  return (
    <header className="header">
      <Menu subscribed={subscribed} installable={installable} />
      <Who fullName={fullName} username={username} />
      <div className="header__actions">
        {/* Only where the browser offers installation (issue 51: its reserved room squeezed the name to
            29 px in German). The name beside it is one ellipsised line, so the button's coming shortens
            the name, not the header: nothing below moves. */}
        {installable && (
          <button type="button" className="button button--small button--ghost" onClick={() => void promptInstall()}>
            <Trans>Install</Trans>
          </button>
        )}
        {/* "Log out" once per screen (issue 51): a subscriber's menu has it (spec §2 Menu entries), the
            menu of someone not subscribed hides it (spec §4), and the header's button stands in for it. */}
        {!subscribed && (
          <button type="button" className="button button--small button--ghost" onClick={() => void logout(navigate)}>
            <Trans>Log out</Trans>
          </button>
        )}
      </div>
    </header>
  );
}
