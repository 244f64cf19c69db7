// Four single-digit boxes: digits only, focus moves forward as you type and back on Backspace,
// and a paste of four digits fills them all.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { CODE_LENGTH, digitFrom, digitsFromPaste } from './code-input.ts';

export function CodeBoxes({
  digits,
  onChange,
  disabled,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  function type(index: number, value: string) {
    const digit = digitFrom(value);
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (digit) focus(index + 1);
  }

  function key(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = digitsFromPaste(event.clipboardData.getData('text'));
    if (!pasted) return;
    onChange(pasted);
    focus(CODE_LENGTH - 1);
  }

  return (
    <div className="code-boxes">
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="code-boxes__box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={2}
          pattern="[0-9]*"
          aria-label={i18n._(msg`Digit ${index + 1} of ${CODE_LENGTH}`)}
          value={digits[index] ?? ''}
          disabled={disabled}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => key(index, event)}
          onPaste={paste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
