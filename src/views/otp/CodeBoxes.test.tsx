// @vitest-environment jsdom

import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { CodeBoxes } from './CodeBoxes.tsx';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '']);
  return (
    <I18nProvider i18n={i18n}>
      <CodeBoxes digits={digits} onChange={setDigits} />
    </I18nProvider>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('CodeBoxes', () => {
  it('moves focus forward on a digit, ignores letters, and goes back on Backspace', () => {
    render(<Harness />);
    const [first, second, third] = boxes();
    first?.focus();
    fireEvent.change(first as HTMLInputElement, { target: { value: '4' } });
    expect(document.activeElement).toBe(second);
    fireEvent.change(second as HTMLInputElement, { target: { value: 'x' } });
    expect(second?.value).toBe('');
    expect(document.activeElement).toBe(second);
    fireEvent.change(second as HTMLInputElement, { target: { value: '2' } });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third as HTMLInputElement, { key: 'Backspace' });
    expect(document.activeElement).toBe(second);
    expect(second?.value).toBe('');
    expect(boxes().map((box) => box.value)).toEqual(['4', '', '', '']);
  });
});
