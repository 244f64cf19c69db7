import { describe, expect, it } from 'vitest';
import { isUsernameLabel, repairMojibake } from './username-labels.ts';

describe('the "username" label (issue 50)', () => {
  it('is repaired from UTF-8 read as Latin-1 or Windows-1252', () => {
    expect(repairMojibake('Nome de usuÃ¡rio')).toBe('Nome de usuário');
    expect(repairMojibake('Nom dâ€™utilisateur')).toBe('Nom d’utilisateur');
    expect(repairMojibake('Nome de usuário')).toBe('Nome de usuário');
    expect(repairMojibake('Username')).toBe('Username');
  });

  it('is matched in the six languages, mojibake or not', () => {
    for (const label of [
      'Username',
      'Nombre de usuario',
      'Nom d’utilisateur',
      "Nom d'utilisateur",
      'Nom dâ€™utilisateur',
      'Benutzername',
      'Nome utente',
      'Nome de usuário',
      'Nome de usuÃ¡rio',
    ])
      expect(isUsernameLabel(label), label).toBe(true);
    for (const label of ['Nome', 'URL', 'Name', 'Some Name', '']) expect(isUsernameLabel(label), label).toBe(false);
  });
});
