// spec §9's keyboard blur (issue 36), on a clock the test moves: every 50 ms the submitted form's field
// is blurred until the keyboard is down, at most BLUR_TRIES times; an invalid field, another screen's
// field and a desktop keep their focus.
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLUR_INTERVAL_MS,
  BLUR_TRIES,
  blurKeyboardOnSubmit,
  blurUntilKeyboardGone,
  type KeyboardEnvironment,
} from './keyboard-blur.ts';

/** A phone 800 px tall whose keyboard takes 300 px while up; blurs are counted. */
function phone(keyboard: { up: boolean }, touch = true) {
  const viewport = {
    scale: 1,
    get height() {
      return keyboard.up ? 500 : 800;
    },
  };
  const env: KeyboardEnvironment = { document, isTouch: () => touch, visualViewport: viewport, innerHeight: () => 800 };
  return env;
}

function form(...fields: string[]) {
  const element = document.createElement('form');
  element.innerHTML = fields.join('');
  document.body.append(element);
  return element;
}

let blurs = 0;
beforeEach(() => {
  vi.useFakeTimers();
  blurs = 0;
  document.body.innerHTML = '';
  document.addEventListener('blur', () => blurs++, true);
});
afterEach(() => vi.useRealTimers());

describe('the mobile keyboard blur', () => {
  it('blurs the focused field every 50 ms until the keyboard is gone', async () => {
    const keyboard = { up: true };
    const sent = form('<input type="email">');
    const field = sent.querySelector('input') as HTMLInputElement;
    field.focus();
    blurUntilKeyboardGone(sent, phone(keyboard));
    await vi.advanceTimersByTimeAsync(BLUR_INTERVAL_MS - 1);
    expect(document.activeElement).toBe(field);
    await vi.advanceTimersByTimeAsync(1);
    expect(document.activeElement).toBe(document.body);
    // The keyboard is slow to go and the field took the focus back: blurred again at the next tick.
    field.focus();
    await vi.advanceTimersByTimeAsync(BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(document.body);
    keyboard.up = false;
    await vi.advanceTimersByTimeAsync(BLUR_INTERVAL_MS);
    const after = blurs;
    field.focus();
    await vi.advanceTimersByTimeAsync(10 * BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(field);
    expect(blurs).toBe(after);
  });

  it('gives up after a bounded number of tries when the keyboard stays', async () => {
    const sent = form('<input type="text">');
    const field = sent.querySelector('input') as HTMLInputElement;
    const stubborn = vi.spyOn(field, 'blur');
    field.focus();
    blurUntilKeyboardGone(sent, phone({ up: true }));
    // A field that keeps the focus (the blur does nothing) under a keyboard that never goes.
    stubborn.mockImplementation(() => undefined);
    await vi.advanceTimersByTimeAsync(BLUR_INTERVAL_MS * (BLUR_TRIES + 20));
    expect(stubborn).toHaveBeenCalledTimes(BLUR_TRIES);
  });

  it('leaves a field the form marked invalid, and a field outside the form', async () => {
    const sent = form('<input type="text" aria-invalid="true">');
    const invalid = sent.querySelector('input') as HTMLInputElement;
    invalid.focus();
    blurUntilKeyboardGone(sent, phone({ up: true }));
    await vi.advanceTimersByTimeAsync(5 * BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(invalid);
    const next = form('<input type="tel">').querySelector('input') as HTMLInputElement;
    const other = form('<input type="text">');
    next.focus();
    blurUntilKeyboardGone(other, phone({ up: true }));
    await vi.advanceTimersByTimeAsync(5 * BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(next);
  });

  it('starts on a submit from a field on a touch device, never on a desktop', async () => {
    const touch = form('<input type="email">');
    const unwatch = blurKeyboardOnSubmit(phone({ up: false }, true));
    const field = touch.querySelector('input') as HTMLInputElement;
    field.focus();
    touch.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(document.body);
    unwatch();

    document.body.innerHTML = '';
    const desk = form('<input type="email">');
    const deskField = desk.querySelector('input') as HTMLInputElement;
    const unwatchDesk = blurKeyboardOnSubmit(phone({ up: false }, false));
    deskField.focus();
    desk.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(5 * BLUR_INTERVAL_MS);
    expect(document.activeElement).toBe(deskField);
    unwatchDesk();
  });
});
