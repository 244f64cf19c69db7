// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.tsx';
import { wrapTarget } from './modal-focus.ts';

function Opener({ onDismiss }: { onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Sure?"
          onDismiss={
            onDismiss &&
            (() => {
              onDismiss();
              setOpen(false);
            })
          }
          actions={
            <button type="button" onClick={() => setOpen(false)}>
              OK
            </button>
          }
        />
      )}
    </>
  );
}

afterEach(cleanup);

describe('Dialog', () => {
  it('starts on its first button, closes by Escape when it may, and gives focus back to its opener', () => {
    const dismissed = vi.fn();
    render(<Opener onDismiss={dismissed} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Sure?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(dismissed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape when the user must choose', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('wrapTarget', () => {
  // jsdom lays nothing out, so every control is given a box here.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('sends Tab from the last control to the first and Shift+Tab from the first to the last', () => {
    document.body.innerHTML =
      '<div id="box" tabindex="-1"><a href="#a">a</a><button>b</button><button>c</button></div>';
    const box = document.getElementById('box') as HTMLElement;
    const [first, middle, last] = [...box.querySelectorAll<HTMLElement>('a, button')];
    expect(wrapTarget(box, last ?? null, false)).toBe(first);
    expect(wrapTarget(box, first ?? null, true)).toBe(last);
    expect(wrapTarget(box, middle ?? null, false)).toBeUndefined();
    expect(wrapTarget(box, middle ?? null, true)).toBeUndefined();
    // From the modal itself (focused as it opens): Tab to the first control, Shift+Tab to the last.
    expect(wrapTarget(box, box, false)).toBe(first);
    expect(wrapTarget(box, box, true)).toBe(last);
  });
});
