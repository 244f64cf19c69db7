// The header's menu (spec §2 Menu entries; §4: Support, Clear Data and Logout need a subscription).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { clearData, logout } from './actions.ts';
import { Dialog } from './Dialog.tsx';
import { promptInstall } from './install.ts';
import { type MenuEntry, menuEntries } from './menu.ts';

const labels: Record<MenuEntry, MessageDescriptor> = {
  import: msg`Import data download`,
  support: msg`Support`,
  clearData: msg`Clear Data`,
  terms: msg`Terms of Service`,
  privacy: msg`Privacy Policy`,
  manageSubscription: msg`Manage Subscriptions`,
  install: msg`Install the Application`,
  // The header's button says the same (issue 34: one word for logging out).
  logout: msg`Log out`,
};

const paths: Partial<Record<MenuEntry, string>> = {
  import: '/import',
  support: '/contactus',
  terms: '/termsofservice',
  privacy: '/privacypolicy',
  manageSubscription: '/managesubscription',
};

export function Menu({ subscribed, installable }: { subscribed: boolean; installable: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [, navigate] = useLocation();
  const { i18n } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // An open menu closes on Escape or a tap outside it, as menus do; Escape puts the keyboard back on
  // the menu button rather than on the page's start.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function choose(entry: MenuEntry) {
    setOpen(false);
    const path = paths[entry];
    if (path) navigate(path);
    else if (entry === 'install') void promptInstall();
    else if (entry === 'logout') void logout(navigate);
    else if (entry === 'clearData') setConfirmingClear(true);
  }

  async function confirmClear() {
    await clearData(navigate);
    setConfirmingClear(false);
  }

  /** The menu entry that opened the dialog is gone with the closed menu: focus returns to the button. */
  function cancelClear() {
    setConfirmingClear(false);
    toggle.current?.focus();
  }

  return (
    <nav className="menu" ref={nav}>
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">
          <Trans>Menu</Trans>
        </span>
      </button>
      {open && (
        <ul id="main-menu" className="menu__list">
          {menuEntries({ subscribed, installable }).map((entry) => (
            <li key={entry}>
              <button type="button" className="menu__item" onClick={() => choose(entry)}>
                {i18n._(labels[entry])}
              </button>
            </li>
          ))}
        </ul>
      )}
      {confirmingClear && (
        <Dialog
          role="alertdialog"
          title={<Trans>Clear your data?</Trans>}
          onDismiss={cancelClear}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={cancelClear}>
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button" onClick={() => void confirmClear()}>
                <Trans>Clear Data</Trans>
              </button>
            </>
          }
        >
          <p>
            <Trans>This removes the collected data of your account. You stay logged in.</Trans>
          </p>
        </Dialog>
      )}
    </nav>
  );
}
