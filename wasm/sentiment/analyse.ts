// Comment sentiment, host side: tokenises and interns comments, lets the core score them, and
// sums the scores up into spec §3's Sentiment response.
import {
  type CollectorCore,
  FLAG_CONTRAST,
  FLAG_INTENSIFIER,
  FLAG_NEGATOR,
  FLAG_WORD,
  SENTIMENT_LANGUAGES,
  STRIDE,
} from '../collector.ts';
import { BREAK, bareEmoji, type Dictionary, EMOTIONS, type Emotion, EXCLAIM, fold } from './lexicon.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const patterns = new WeakMap<Dictionary, RegExp>();

/** One regular expression for the whole tokeniser; emoticons first so ":D" is not a "D". */
function tokenPattern(dictionary: Dictionary): RegExp {
  let pattern = patterns.get(dictionary);
  if (!pattern) {
    const emoticons = dictionary.emoticons.map(escapeRegExp).join('|');
    pattern = new RegExp(
      [
        String.raw`(https?:\/\/\S+|www\.\S+)`,
        `(?<=^|\\s)(${emoticons})(?=$|\\s|[.,!?])`,
        String.raw`([@#]?[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*)`,
        String.raw`(\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}\uFE0F]|\u200D\p{Extended_Pictographic})*)`,
        '(!)',
        String.raw`([.,?;:\n]+)`,
      ].join('|'),
      'gu',
    );
    patterns.set(dictionary, pattern);
  }
  return pattern;
}

/** The word's id, trying the folded word, then with letter runs shortened ("sooo" → "soo" → "so"). */
function wordId(dictionary: Dictionary, raw: string, unknown: Map<string, number>): number {
  const word = fold(raw);
  const known = dictionary.words.get(word);
  if (known !== undefined) return known;
  const double = word.replace(/(\p{L})\1{2,}/gu, '$1$1');
  const single = word.replace(/(\p{L})\1+/gu, '$1');
  const laughter = /^(?:[aeiou]?(?:[hj][aeiou]){2,}[hj]?|(?:ha|he|ah|eh){2,}h?)$/.test(single)
    ? 'haha'
    : /^k{3,}$/.test(word)
      ? 'kkk'
      : /^(?:rs){2,}$/.test(word)
        ? 'rsrs'
        : undefined;
  const id =
    dictionary.words.get(double) ?? dictionary.words.get(single) ?? (laughter && dictionary.words.get(laughter));
  if (id !== undefined) return id;
  let other = unknown.get(double);
  if (other === undefined) {
    other = dictionary.text.length + unknown.size;
    unknown.set(double, other);
  }
  return other;
}

export interface Tokenised {
  tokens: Int32Array;
  offsets: Uint32Array;
  /** Words the dictionary does not know, by id (ids from dictionary.text.length). */
  unknown: Map<string, number>;
}

/** Tokenises and interns comments for the core. */
export function tokenise(dictionary: Dictionary, texts: readonly string[]): Tokenised {
  const pattern = tokenPattern(dictionary);
  const unknown = new Map<string, number>();
  const tokens: number[] = [];
  const offsets = new Uint32Array(texts.length + 1);
  const symbol = (key: string) => dictionary.symbols.get(key);
  texts.forEach((text, i) => {
    for (const match of text.matchAll(pattern)) {
      const [, url, emoticon, word, emoji, exclaim] = match;
      if (url) continue;
      if (emoticon) tokens.push(symbol(`~${emoticon}`) ?? -1);
      else if (word) {
        if (word.startsWith('@')) continue;
        const bare = word.startsWith('#') ? word.slice(1) : word;
        // "don't" is one word ("dont"); "n'est" and "dell'anno" are two.
        const joined = bare.replace(/['’]/g, '');
        if (joined !== bare && !dictionary.words.has(fold(joined))) {
          for (const part of bare.split(/['’]/)) tokens.push(wordId(dictionary, part, unknown));
        } else tokens.push(wordId(dictionary, joined, unknown));
      } else if (emoji) {
        const id = symbol(`~${bareEmoji(emoji)}`);
        if (id !== undefined) tokens.push(id);
      } else if (exclaim) tokens.push(symbol(EXCLAIM) ?? -1);
      else tokens.push(symbol(BREAK) ?? -1);
    }
    offsets[i + 1] = tokens.length;
  });
  return { tokens: Int32Array.from(tokens), offsets, unknown };
}

export type Label = 'positive' | 'negative' | 'neutral';
const LABELS: Record<number, Label> = { [-1]: 'negative', 0: 'neutral', 1: 'positive' };

/** One comment's reading. */
export interface CommentScore {
  label: Label;
  /** -1 (most negative) to 1 (most positive). */
  score: number;
  /** Each emotion's share of this comment's emotional weight, in percent. */
  emotions: Record<Emotion, number>;
  /** A language of SENTIMENT_LANGUAGES, or "und" when the comment has no words to tell. */
  language: string;
  sarcastic: boolean;
  words: number;
}

/** Percentages of `weights` that add up to exactly 100 (largest remainder), or all 0. */
export function percentages(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight / total) * 100);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    result[i] = (result[i] ?? 0) + 1;
    left--;
  }
  return result;
}

const emotionRecord = (values: readonly number[]) =>
  Object.fromEntries(EMOTIONS.map((emotion, i) => [emotion, values[i] ?? 0])) as Record<Emotion, number>;

/** Scores each comment with the core. */
export function scoreEach(core: CollectorCore, dictionary: Dictionary, texts: readonly string[]): CommentScore[] {
  const { tokens, offsets } = tokenise(dictionary, texts);
  const raw = core.scoreComments(dictionary.tables, tokens, offsets);
  return texts.map((_, i) => readScore(raw, i));
}

function readScore(raw: Float32Array, i: number): CommentScore {
  const at = (k: number) => raw[i * STRIDE + k] ?? 0;
  return {
    language: SENTIMENT_LANGUAGES[at(0)] ?? 'und',
    label: LABELS[at(1)] ?? 'neutral',
    score: Math.round(at(2) * 1000) / 1000,
    emotions: emotionRecord(percentages([at(3), at(4), at(5), at(6), at(7)])),
    sarcastic: at(8) === 1,
    words: at(9),
  };
}

/** spec §3's Sentiment response, for the comments of one post. */
export interface SentimentReport {
  status: true;
  total_comments: number;
  average_words: number;
  /** 0 (all negative) to 100 (all positive); 50 is neutral: 50 × (1 + the mean comment score). */
  sentiment_score: number;
  /** The five emotions' shares of all the comments' emotional weight, in percent (sum 100, or all 0). */
  emotions: { Joy: number; Sadness: number; Angry: number; Surprise: number; Trust: number };
  most_positive_comment: string;
  most_negative_comment: string;
  /** The most frequent content words (not function words of any language), most frequent first. */
  keyword_extraction: string[];
  /** Share of comments that read as sarcastic, in percent. */
  sarcasm_detection: number;
  /** Languages of the comments, by share in percent, largest first. */
  languages: { language: string; percent: number }[];
  /** Shares of positive, negative and neutral comments, in percent. */
  distribution: { positive: number; negative: number; neutral: number };
}

const KEYWORDS = 8;

/** Scores the comments and sums them up. */
export function analyseComments(
  core: CollectorCore,
  dictionary: Dictionary,
  texts: readonly string[],
): SentimentReport {
  const { tokens, offsets, unknown } = tokenise(dictionary, texts);
  const raw = core.scoreComments(dictionary.tables, tokens, offsets);
  const scores = texts.map((_, i) => readScore(raw, i));
  const n = texts.length;
  const emotionWeights = [0, 0, 0, 0, 0];
  let scoreSum = 0;
  let words = 0;
  let sarcastic = 0;
  let best = -1;
  let worst = -1;
  const labels = { positive: 0, negative: 0, neutral: 0 };
  const languages = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const score = raw[i * STRIDE + 2] ?? 0;
    for (let e = 0; e < 5; e++) emotionWeights[e] = (emotionWeights[e] ?? 0) + (raw[i * STRIDE + 3 + e] ?? 0);
    scoreSum += score;
    const reading = scores[i] as CommentScore;
    words += reading.words;
    if (reading.sarcastic) sarcastic++;
    labels[reading.label]++;
    languages.set(reading.language, (languages.get(reading.language) ?? 0) + 1);
    if (score > 0 && (best < 0 || score > (raw[best * STRIDE + 2] ?? 0))) best = i;
    if (score < 0 && (worst < 0 || score < (raw[worst * STRIDE + 2] ?? 0))) worst = i;
  }
  const [Joy = 0, Sadness = 0, Angry = 0, Surprise = 0, Trust = 0] = percentages(emotionWeights);
  const [positive = 0, negative = 0, neutral = 0] = percentages([labels.positive, labels.negative, labels.neutral]);
  const known = [...languages].filter(([language]) => language !== 'und');
  const languageShares = percentages(known.map(([, count]) => count));
  return {
    status: true,
    total_comments: n,
    average_words: n ? Math.round((words / n) * 10) / 10 : 0,
    sentiment_score: n ? Math.round(50 * (1 + scoreSum / n)) : 50,
    emotions: { Joy, Sadness, Angry, Surprise, Trust },
    most_positive_comment: best >= 0 ? (texts[best] ?? '') : '',
    most_negative_comment: worst >= 0 ? (texts[worst] ?? '') : '',
    keyword_extraction: keywords(dictionary, tokens, offsets, unknown),
    sarcasm_detection: n ? Math.round((sarcastic / n) * 100) : 0,
    languages: known
      .map(([language], i) => ({ language, percent: languageShares[i] ?? 0 }))
      .sort((a, b) => b.percent - a.percent),
    distribution: { positive, negative, neutral },
  };
}

/** Content words by the number of comments they appear in; function words of any language left out. */
function keywords(dictionary: Dictionary, tokens: Int32Array, offsets: Uint32Array, unknown: Map<string, number>) {
  const { tables, text } = dictionary;
  const unknownText = new Map([...unknown].map(([word, id]) => [id, word]));
  const counts = new Map<number, number>();
  for (let i = 0; i + 1 < offsets.length; i++) {
    const seen = new Set<number>();
    for (let k = offsets[i] ?? 0; k < (offsets[i + 1] ?? 0); k++) {
      const id = tokens[k] ?? -1;
      if (id < 0 || seen.has(id)) continue;
      seen.add(id);
      const word = id < tables.size ? text[id] : unknownText.get(id);
      if (!word || word.length < 3 || /^\d+$/.test(word) || isFunctionWord(tables, id)) continue;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, count]) => count > 1 || offsets.length <= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, KEYWORDS)
    .map(([id]) => (id < tables.size ? text[id] : unknownText.get(id)) as string);
}

/** Symbols, function words, negators, intensifiers and contrast words of any language are not topics. */
function isFunctionWord(tables: Dictionary['tables'], id: number): boolean {
  if (id >= tables.size) return false;
  if ((tables.stops[id] ?? 0) !== 0 || !((tables.flags[6 * tables.size + id] ?? 0) & FLAG_WORD)) return true;
  for (let column = 0; column < 6; column++) {
    if ((tables.flags[column * tables.size + id] ?? 0) & (FLAG_NEGATOR | FLAG_INTENSIFIER | FLAG_CONTRAST)) return true;
  }
  return false;
}
