// Issue 51: what a visitor types or pastes as their username, as it will be used.
import { describe, expect, it } from 'vitest';
import { usernameFromInput } from './account.ts';

describe('usernameFromInput', () => {
  it.each([
    ['https://www.instagram.com/maria.silva/', 'maria.silva'],
    ['https://instagram.com/maria.silva', 'maria.silva'],
    ['http://m.instagram.com/maria_silva/', 'maria_silva'],
    ['www.instagram.com/maria.silva/?hl=de', 'maria.silva'],
    ['instagram.com/maria.silva?igsh=abc123', 'maria.silva'],
    ['https://www.instagram.com/maria.silva/#top', 'maria.silva'],
    ['https://instagr.am/maria.silva', 'maria.silva'],
    ['  https://www.INSTAGRAM.com/Maria.Silva/  ', 'Maria.Silva'],
  ])('takes the profile link %s as %s', (input, username) => {
    expect(usernameFromInput(input)).toBe(username);
  });

  it('drops a leading @ and strips spaces, as spec §5 asks', () => {
    expect(usernameFromInput(' @maria silva ')).toBe('mariasilva');
    expect(usernameFromInput('maria.silva')).toBe('maria.silva');
  });

  it('leaves what is not a profile link for the form to refuse', () => {
    // A post's link names no account; another site's is not the network's.
    expect(usernameFromInput('https://www.instagram.com/p/Cx1AbC/extra')).toBe(
      'https://www.instagram.com/p/Cx1AbC/extra',
    );
    expect(usernameFromInput('https://example.com/maria.silva')).toBe('https://example.com/maria.silva');
  });
});
