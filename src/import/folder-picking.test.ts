import { describe, expect, it } from 'vitest';
import { canPickFolder } from './folder-picking.ts';

const chromeDesktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

describe('the folder picker (issue 34)', () => {
  it('is offered on a desktop, never on a phone or a tablet', () => {
    expect(canPickFolder({ userAgent: chromeDesktop, userAgentData: { mobile: false } })).toBe(true);
    expect(canPickFolder({ userAgent: mac, maxTouchPoints: 0 })).toBe(true);
    expect(canPickFolder({ userAgent: android, userAgentData: { mobile: true } })).toBe(false);
    expect(canPickFolder({ userAgent: android })).toBe(false);
    expect(canPickFolder({ userAgent: iphone })).toBe(false);
    // An iPad asking for the desktop site: a Mac's user agent with a touch screen.
    expect(canPickFolder({ userAgent: mac, maxTouchPoints: 5 })).toBe(false);
    // Chrome's client hints say "mobile" even when the user agent string is reduced.
    expect(canPickFolder({ userAgent: chromeDesktop, userAgentData: { mobile: true } })).toBe(false);
  });
});
