// The header (spec §2 Shell): menu, the user's full name and @username, logout and install.
import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';
import { useLocation } from 'wouter';
import { useUserRecord } from '../db/user.ts';
import { logout } from './actions.ts';
import { promptInstall, useInstallable } from './install.ts';
import { Menu } from './Menu.tsx';
import { useSession } from './session.ts';

/** A username that may wrap after its dots and underscores on a narrow screen, never mid-word. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in their order.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
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
  // An account with no full name is named once, by its username (issue 34: it read
  // "maria.lope…" above "@maria.lopez.photo").
  const named = fullName && fullName !== username;

  return (
    <header className="header">
      <Menu subscribed={subscribed} installable={installable} />
      <div className="header__who">
        {named && <span className="header__name">{fullName}</span>}
        {username && (
          <span className={named ? 'header__username' : 'header__name'}>
            @<BreakableName name={username} />
          </span>
        )}
      </div>
      <div className="header__actions">
        {/* The browser offers installation a while after the page has painted. Until then the button keeps
            its room, unseen, so the name beside it does not wrap anew and move the screen when it comes
            (issue 31); an installed app, which is never offered it, leaves no room (app.css). */}
        <button
          type="button"
          className={`button button--small button--ghost${installable ? '' : ' header__install--waiting'}`}
          disabled={!installable}
          onClick={() => void promptInstall()}
        >
          <Trans>Install</Trans>
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => void logout(navigate)}>
          <Trans>Log out</Trans>
        </button>
      </div>
    </header>
  );
}
