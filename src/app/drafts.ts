// Form drafts survive a reload (issue 8): what was typed is kept in localStorage until it is sent.
// Only plain text the user would hate to retype; never a card number or a code.

const PREFIX = 'followscope.draft.';

export function readDraft(name: string): string {
  try {
    return localStorage.getItem(PREFIX + name) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(name: string, value: string): void {
  try {
    if (value) localStorage.setItem(PREFIX + name, value);
    else localStorage.removeItem(PREFIX + name);
  } catch {
    // Storage blocked or full: the draft lives only on screen.
  }
}

export const clearDraft = (name: string) => saveDraft(name, '');
