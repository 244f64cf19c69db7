// The label a download writes before a username ("Username", "Nome de usuário"…), in the account's
// language: the owner's page (personal_information) and, since 2026, the sibling lists written as
// `label_values` or as labelled HTML tables. The network writes some of these labels as mojibake,
// UTF-8 read as Latin-1 ("Nome de usuÃ¡rio"; issue 50), so a label is repaired before it is matched.

/** "Username" in en, es, fr, de, it and pt-BR, lowercase, with a plain apostrophe. */
const LABELS = new Set([
  'username',
  'user name',
  'nombre de usuario',
  "nom d'utilisateur",
  'benutzername',
  'nome utente',
  'nome de usuário',
  'nome de usuario',
]);

/** Windows-1252's characters in 0x80–0x9f, by code point, to the byte they stand for. */
const CP1252: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};
const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * A text that is UTF-8 read as Latin-1 (or Windows-1252) given back as it was meant ("usuÃ¡rio" is
 * "usuário"); any other text as it is.
 */
export function repairMojibake(text: string): string {
  if (!/[\u0080-\uffff]/.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code <= 0xff ? code : CP1252[code];
    if (byte === undefined) return text;
    bytes[i] = byte;
  }
  try {
    return strict.decode(bytes);
  } catch {
    return text;
  }
}

/** Whether a label says "username" in one of the six languages, mojibake or not. */
export function isUsernameLabel(label: string): boolean {
  if (label.length > 40) return false;
  const text = repairMojibake(label).trim().toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ');
  return LABELS.has(text);
}

/** What a username looks like on the network: letters, digits, dots and underscores, 30 at most. */
export const USERNAME = /^[a-z0-9._]{1,30}$/;
