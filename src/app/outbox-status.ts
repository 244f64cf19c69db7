// How many requests wait in the outbox, for the shell's offline banner (kept apart from the outbox
// itself so the shell does not load the database to show it).
import { createStore } from './store.ts';

export const waiting = createStore(0);
