// A file name another app hands over is a label, never a path or markup (issue 48).
import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-name.ts';

describe('a shared file’s name', () => {
  it('is its last part only', () => {
    expect(safeFileName('../../evil<img src=x onerror=alert(1)>.json')).toBe('evil<img src=x onerror=alert(1)>.json');
    expect(safeFileName('C:\\Users\\ana\\instagram-ana.zip')).toBe('instagram-ana.zip');
    expect(safeFileName('instagram-ana-2026-11-20.zip')).toBe('instagram-ana-2026-11-20.zip');
  });

  it('loses what hides or reorders the rest, and stays well formed', () => {
    expect(safeFileName('photo\u202egpj.exe')).toBe('photogpj.exe');
    expect(safeFileName('a\u0000b\u200bc\u2066d\ufeff.zip')).toBe('abcd.zip');
    expect(safeFileName('bad\ud800.zip')).toBe('bad\ufffd.zip');
    expect(() => encodeURIComponent(safeFileName('bad\udc00.zip'))).not.toThrow();
  });

  it('is one short line, keeping its end, and never empty', () => {
    const long = safeFileName(`${'a'.repeat(300)}.zip`);
    expect([...long]).toHaveLength(119);
    expect(long.endsWith('a.zip')).toBe(true);
    expect(long).toContain('…');
    expect(safeFileName('')).toBe('download');
    expect(safeFileName('dir/')).toBe('download');
    expect(safeFileName('\u202e')).toBe('download');
  });
});
