// Calls the official API's fake refused as malformed (issue 49): a code 100 that our request caused is a
// defect of ours, never a figure the API lacks. The fake records each one here; the unit tests' setup
// (tests/unit/setup.ts) fails any test that left one, unless the test said it makes one on purpose.

/** A request the fake refused as malformed: its path, parameters and the API's words. */
export interface Defect {
  path: string;
  query: Record<string, string>;
  message: string;
}

const recorded: Defect[] = [];
let allowed = false;

/** Records a malformed request (the fake calls this). */
export function recordDefect(defect: Defect): void {
  recorded.push(defect);
}

/** A test that sends a malformed call on purpose says so; the check then lets this test's go. */
export function expectDefects(): void {
  allowed = true;
}

/** The defects since the last call, and whether they were expected; clears both. */
export function takeDefects(): { defects: Defect[]; allowed: boolean } {
  const taken = { defects: recorded.splice(0), allowed };
  allowed = false;
  return taken;
}
