// The smaller files of "Export all my data" (issue 20), each a short CSV from what IndexedDB holds or
// what the server's account document says: sentiment reports, the follower history, the insight
// summary, snapshots' dates and payments.
import type { AccountExport } from '../../common/schema/account-export.ts';
import { insightSchema } from '../../common/schema/posts.ts';
import type { SourceKind } from '../../common/schema/provenance.ts';
import type { ExportContext } from './context.ts';
import type { CsvValue } from './csv.ts';
import { CsvWriter } from './csv-writer.ts';
import { type ExportWords, sourceName } from './words.ts';

type Table = { header: string[]; rows: CsvValue[][] };

/** Writes a small table as CSV to `out` and closes it. */
export async function writeTable(out: WritableStream<Uint8Array>, table: Table): Promise<void> {
  const writer = out.getWriter();
  const csv = new CsvWriter(writer);
  await csv.header(table.header);
  for (const row of table.rows) await csv.row(row);
  await csv.flush();
  await writer.close();
}

/** Every cached sentiment report, a post a row. */
export async function sentimentTable(words: ExportWords, context: ExportContext): Promise<Table> {
  const w = words.sentiment;
  const reports = await context.store.sentiment();
  return {
    header: [
      w.post,
      w.comments,
      w.averageWords,
      w.score,
      w.joy,
      w.sadness,
      w.anger,
      w.surprise,
      w.trust,
      w.positive,
      w.negative,
      w.neutral,
      w.sarcasm,
      w.languages,
      w.mostPositive,
      w.mostNegative,
      w.keywords,
      words.source,
      words.date,
    ],
    rows: reports.map(({ shortCode, report, updatedAt }) => [
      shortCode,
      report.total_comments,
      report.average_words,
      report.sentiment_score,
      report.emotions.Joy,
      report.emotions.Sadness,
      report.emotions.Angry,
      report.emotions.Surprise,
      report.emotions.Trust,
      report.distribution.positive,
      report.distribution.negative,
      report.distribution.neutral,
      report.sarcasm_detection,
      report.languages.map((language) => `${language.language} ${language.percent}%`).join('; '),
      report.most_positive_comment,
      report.most_negative_comment,
      report.keyword_extraction.join('; '),
      sourceName(words, report.source?.source),
      report.source?.at ?? new Date(updatedAt).toISOString(),
    ]),
  };
}

/** The follower history behind the growth chart, a point a row. */
export async function historyTable(words: ExportWords, context: ExportContext): Promise<Table> {
  const history = await context.store.history();
  const h = words.history;
  return {
    header: [words.date, h.followers, h.following, h.gained, h.lost, h.visits, words.source],
    rows: (history?.points ?? []).map((point) => [
      point.at,
      point.followers,
      point.following,
      point.gained,
      point.lost,
      point.visits,
      sourceName(words, point.source),
    ]),
  };
}

/** The insight summary the device holds (the user record's chat_gpt_data), or none. */
export async function insightTable(words: ExportWords, context: ExportContext): Promise<Table> {
  const user = await context.store.user();
  const insight = insightSchema.safeParse(user?.chat_gpt_data);
  const stored = user?.chat_gpt_data as { generated_at?: unknown } | null | undefined;
  const written = typeof stored?.generated_at === 'string' ? stored.generated_at : undefined;
  return {
    header: [words.insight.summary, words.insight.actions, words.source, words.date],
    rows: insight.success
      ? [
          [
            insight.data.summary,
            insight.data.actionable_insights,
            sourceName(words, insight.data.source?.source),
            insight.data.source?.at ?? written ?? '',
          ],
        ]
      : [],
  };
}

/** Each analysis and import's snapshot, from the server's document. */
export function snapshotsTable(words: ExportWords, account: AccountExport): Table {
  const h = words.history;
  return {
    header: [words.date, h.followers, h.following, words.source],
    rows: account.analyses.flatMap((analysis) =>
      analysis.snapshot
        ? [
            [
              analysis.snapshot.taken_at,
              analysis.snapshot.followers,
              analysis.snapshot.following,
              words.sources[analysis.source as SourceKind] ?? analysis.source,
            ],
          ]
        : [],
    ),
  };
}

/** Payments' dates and amounts, from the server's document. */
export function paymentsTable(words: ExportWords, account: AccountExport): Table {
  const p = words.payments;
  return {
    header: [words.date, p.amount, p.currency, p.plan, p.status],
    rows: account.payments.map((payment) => [
      payment.date,
      payment.amount,
      payment.currency,
      payment.plan,
      payment.status,
    ]),
  };
}
