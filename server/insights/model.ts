// The insight from an OpenAI-compatible chat completion (POST {base}/chat/completions), given the
// same facts as the rule writer. Any failure (network, status, timeout, a reply that is not the
// JSON asked for) gives undefined, and the caller uses the rule writer's answer.
import type { Locale } from '../../common/locales.ts';
import type { Insight, InsightFacts } from './writer.ts';

export interface ModelSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  'pt-BR': 'Brazilian Portuguese',
};

/**
 * The model's deadline (issue 35): a reply of a few hundred words takes a few seconds; past this the
 * rule writer's insight is given instead, so the page never waits long on the model.
 */
export const MODEL_TIMEOUT_MS = 20_000;

/** The messages sent: instructions, then the facts as JSON. */
export function insightPrompt(facts: InsightFacts, locale: Locale) {
  return [
    {
      role: 'system',
      content:
        `You write growth insights for the owner of a photo-network account, in ${LANGUAGE_NAMES[locale]}. ` +
        'Use only the figures given; never invent numbers. Reply with a JSON object with two keys: ' +
        '"summary" (3 to 5 sentences about what the figures show) and "actionable_insights" ' +
        '(an array of 3 to 5 short, specific actions, each tied to a figure).',
    },
    { role: 'user', content: JSON.stringify(facts) },
  ];
}

/** The model's insight on `facts`, or undefined on any failure (the deadline included). */
export async function modelInsight(
  settings: ModelSettings,
  facts: InsightFacts,
  locale: Locale,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = MODEL_TIMEOUT_MS,
): Promise<Insight | undefined> {
  try {
    const response = await fetchImpl(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        messages: insightPrompt(facts, locale),
        response_format: { type: 'json_object' },
        temperature: 0.4,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!content) return undefined;
    const parsed = JSON.parse(content) as { summary?: unknown; actionable_insights?: unknown };
    const actions = Array.isArray(parsed.actionable_insights)
      ? parsed.actionable_insights.filter((line): line is string => typeof line === 'string')
      : typeof parsed.actionable_insights === 'string'
        ? parsed.actionable_insights.split('\n')
        : [];
    const summary = typeof parsed.summary === 'string' ? parsed.summary.trim() : '';
    const lines = actions.map((line) => line.trim()).filter(Boolean);
    if (!summary || lines.length === 0) return undefined;
    return { summary, actionable_insights: lines.join('\n') };
  } catch {
    return undefined;
  }
}
