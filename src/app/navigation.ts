// Where the user came from, for spec §2: Home's canCallApi is true when arriving with no previous
// route or from the otp screen.

let previous: string | undefined;
let current: string | undefined;

/** Records a navigation; the shell calls it on every path change. */
export function notePath(path: string): void {
  if (path === current) return;
  previous = current;
  current = path;
}

/** The path before the current one, or undefined on the first screen of this visit. */
export function previousPath(): string | undefined {
  return previous;
}

/** spec §2: Home may call the API when this visit started there or came from /otp. */
export function canCallApi(): boolean {
  return previous === undefined || previous === '/otp';
}
