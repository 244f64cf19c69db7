// The insight the user record keeps (users.chat_gpt_data), and its rebuild after every analysis and import
// (issue 51): the summary is written again from the new figures, so it never shows the previous analysis's
// figures under the new counts.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../common/locales.ts';
import type { Provenance } from '../../common/schema/provenance.ts';
import type { UserRow } from '../auth/tokens.ts';
import { analyses, users } from '../db/schema.ts';
import { localeOf } from '../i18n/messages.ts';
import { figuresProvenance } from '../source/sources.ts';
import { findUserById } from '../users/record.ts';
import { type FactsDeps, insightFacts } from './facts.ts';
import { type Insight, type InsightFacts, sourceSentence, writeInsight } from './writer.ts';

/** What chat_gpt_data holds: the latest insight, and how many were asked for on its day. */
export interface StoredInsight extends Insight {
  source: Provenance;
  generated_at: string;
  day: string;
  count: number;
  writer: 'rules' | 'model';
  /** The language it was written in, so a rebuild nobody asked for writes it in the same (older ones: none). */
  locale?: Locale;
}

/**
 * The insight to store: `written` ending with where its figures came from. `asked`: the owner asked
 * for it, so it counts toward the day's limit; a rebuild does not.
 */
export function toStored(
  written: Insight,
  facts: InsightFacts,
  locale: Locale,
  now: Date,
  previous: StoredInsight | null,
  writer: StoredInsight['writer'],
  asked: boolean,
): StoredInsight {
  const day = now.toISOString().slice(0, 10);
  const counted = previous?.day === day ? previous.count : 0;
  return {
    ...written,
    // Whichever writer wrote it, the summary ends by saying where its figures came from.
    summary: `${written.summary} ${sourceSentence(facts.source, locale)}`,
    source: facts.source,
    generated_at: now.toISOString(),
    day,
    count: asked ? counted + 1 : counted,
    writer,
    locale,
  };
}

/** Whether the stored insight was written from other figures than the account's latest. */
export function isStale(stored: StoredInsight, latest: Provenance): boolean {
  return stored.source?.source !== latest.source || stored.source.at !== latest.at;
}

/**
 * After an analysis or an import: the account's stored insight, when it has one written from other
 * figures, is written again by the rule writer from the latest ones, in the request's language (a model
 * is not asked: the answer of the analysis or the import would wait on it). Returns the account as stored.
 */
export async function rebuildInsight(deps: FactsDeps, user: UserRow, language: string | undefined): Promise<UserRow> {
  const stored = user.chatGptData as StoredInsight | null;
  const latest = figuresProvenance(user);
  if (!stored?.summary || !latest || !isStale(stored, latest)) return user;
  const facts = await insightFacts(deps, user);
  const locale = language === undefined && stored.locale ? stored.locale : localeOf(language);
  const insight = toStored(writeInsight(facts, locale), facts, locale, deps.clock(), stored, 'rules', false);
  await deps.db.update(users).set({ chatGptData: insight }).where(eq(users.id, user.id));
  return (await findUserById(deps.db, user.id)) ?? user;
}

/**
 * After any committed analysis, the daily official-API collection nobody waits for included: the account's
 * stored insight is rebuilt from its new figures in the language it was written in.
 */
export async function rebuildInsightAfter(deps: FactsDeps, analysisId: string): Promise<void> {
  const [row] = await deps.db.select({ userId: analyses.userId }).from(analyses).where(eq(analyses.id, analysisId));
  const user = row && (await findUserById(deps.db, row.userId));
  if (user) await rebuildInsight(deps, user, undefined);
}
