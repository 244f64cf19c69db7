// Whether to offer "Choose an unzipped folder" (issue 34): desktop browsers can pick a folder; a phone
// cannot (Android's Chrome ignores webkitdirectory and picks files, iOS has no folder to give), so a
// phone is offered the ZIP alone, which is what its download arrives as anyway.

interface NavigatorLike {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: { mobile?: boolean };
}

/** True where a folder picker works: not on a phone or a tablet. */
export function canPickFolder(nav: NavigatorLike = navigator as NavigatorLike): boolean {
  if (nav.userAgentData?.mobile) return false;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)) return false;
  // iPadOS asks for desktop sites with a Mac's user agent; a Mac has no touch screen.
  return !(/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1);
}
