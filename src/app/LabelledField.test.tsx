// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { LabelledField } from './LabelledField.tsx';

afterEach(cleanup);

it('names the control by its label alone, and describes it by its error', () => {
  const { rerender } = render(
    <LabelledField label="First name">
      <input />
    </LabelledField>,
  );
  const input = screen.getByRole('textbox', { name: 'First name' });
  expect(input.getAttribute('aria-invalid')).toBe('false');
  expect(input.getAttribute('aria-describedby')).toBeNull();

  rerender(
    <LabelledField label="First name" error="The first name field is required">
      <input />
    </LabelledField>,
  );
  // Before, the error sat inside the label and became part of the name: "First name The first name …".
  const invalid = screen.getByRole('textbox', { name: 'First name' });
  expect(invalid.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('textbox', { description: 'The first name field is required' })).toBe(invalid);
});
