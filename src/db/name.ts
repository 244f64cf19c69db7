// The browser database's name, apart from the database code so that a page can ask whether the
// database exists (src/app/session.ts) without loading Dexie: a visitor's first visit never needs it.
export const DATABASE_NAME = 'followscope';
