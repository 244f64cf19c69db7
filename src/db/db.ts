// The app's one database connection, opened on first use.
import { FollowscopeDb } from './schema.ts';

export const db = new FollowscopeDb();
