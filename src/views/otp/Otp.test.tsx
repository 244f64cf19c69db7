// @vitest-environment jsdom
// Issue 51 item 6: the code screen's answers do not pile up. Each wrong code's answer takes the place
// of the one before, and a code that can no longer be typed says so once, on the form.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { validateLoginCode } from '../../api/account.ts';
import { Toaster } from '../../app/toast.tsx';
import { loginEmail } from '../../app/visitor.ts';
import { i18n } from '../../i18n/index.ts';
import Otp from './Otp.tsx';

vi.mock('../../api/account.ts', () => ({ sendLoginCode: vi.fn(), validateLoginCode: vi.fn() }));
const validate = vi.mocked(validateLoginCode);

const refused = (message: string, status = 400, retryAfterS?: number) =>
  ({ ok: false, error: { kind: 'http', status, message, retryAfterS } }) as const;

function show() {
  const location = memoryLocation({ path: '/otp' });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <Otp />
        <Toaster />
      </Router>
    </I18nProvider>,
  );
}

async function typeAndSubmit(code: string) {
  screen.getAllByRole('textbox').forEach((box, i) => {
    fireEvent.change(box, { target: { value: code[i] } });
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
}

const toasts = () => [...document.querySelectorAll('.toast')].map((toast) => toast.textContent);

beforeEach(() => {
  loginEmail.set('someone@example.com');
  validate.mockReset();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the code screen’s answers', () => {
  it('show one at a time, the newest in place of the one before', async () => {
    show();
    for (const tries of [4, 3, 2, 1]) {
      validate.mockResolvedValueOnce(refused(`That code is not right. ${tries} tries left.`));
      await typeAndSubmit('1234');
      expect(toasts()).toEqual([`That code is not right. ${tries} tries left.`]);
    }
    validate.mockResolvedValueOnce(refused('Wait a moment before the next code.', 429, 30));
    await typeAndSubmit('1234');
    expect(toasts()).toEqual(['Wait a moment before the next code.']);
  });

  it('say once, on the form, that a code can no longer be typed', async () => {
    show();
    validate.mockResolvedValueOnce(refused('That code is not right. 4 tries left.'));
    await typeAndSubmit('1234');
    validate.mockResolvedValueOnce(refused('Use the sign-in link in your mail.', 429));
    await typeAndSubmit('1234');
    expect(toasts()).toEqual([]);
    expect(screen.getAllByText('Use the sign-in link in your mail.')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Use the sign-in link in your mail.');
  });
});
