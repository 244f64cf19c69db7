// @vitest-environment jsdom
// Issue 51 item 6: a real account's rows showed blank circles. A row with no picture, or whose picture
// fails, shows the name's first letter on a circle of the name's own colour.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, colourOf, initialOf } from './Avatar.tsx';

afterEach(cleanup);

describe('a list row’s picture', () => {
  it('is the name’s first letter on a coloured circle when there is no picture', () => {
    const { container } = render(<Avatar src="" username="eva.martins" />);
    const circle = container.querySelector('.avatar-initial') as HTMLElement;
    expect(circle.textContent).toBe('E');
    expect(circle.style.background).not.toBe('');
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back the same way when the picture does not load', () => {
    const { container } = render(<Avatar src="/media/abc" username="bob" fullName="Álvaro Bob" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.avatar-initial')?.textContent).toBe('Á');
  });

  it('takes a letter or digit, and gives one person one colour', () => {
    expect(initialOf('_._zed')).toBe('Z');
    expect(initialOf('9lives')).toBe('9');
    expect(initialOf('ana', '🌸 Ana')).toBe('A');
    expect(colourOf('ana')).toBe(colourOf('ana'));
    expect(new Set(['ana', 'bob', 'cris', 'dan', 'eva', 'fay'].map(colourOf)).size).toBeGreaterThan(1);
  });
});
