// The sentiment dictionary: six language lexicons and a language-independent emoji and emoticon
// table, turned into the tables the core reads (layout: wasm/assembly/sentiment.ts).
import {
  FLAG_BREAK,
  FLAG_CONTRAST,
  FLAG_EXCLAIM,
  FLAG_INTENSIFIER,
  FLAG_LEXICAL,
  FLAG_NEGATOR,
  FLAG_SARCASM,
  FLAG_WORD,
  SENTIMENT_LANGUAGES,
  type SentimentTables,
} from '../collector.ts';

export const EMOTIONS = ['joy', 'sadness', 'angry', 'surprise', 'trust'] as const;
export type Emotion = (typeof EMOTIONS)[number];
export type SentimentLanguage = (typeof SENTIMENT_LANGUAGES)[number];
/** A valence from -4 to 4, and the emotion the word carries, if any. */
export type Entry = [number] | [number, Emotion];

export interface Lexicon {
  language: SentimentLanguage;
  words: Record<string, Entry>;
  negators: string[];
  intensifiers: Record<string, number>;
  contrast: string[];
  stopwords: string[];
}

/** Symbols outside the emoji table that carry meaning: breaks, exclamation, sarcasm cues, laughter. */
export const BREAK = '~.';
export const EXCLAIM = '~!';
const SARCASM_CUES = ['🙄', '😒', '🤡', '/s'];
/** Laughter, written a hundred ways (hahaha, jajaja, kkkk, rsrs, hihi), folds to these. */
export const LAUGHTER: Record<string, Entry> = {
  haha: [2, 'joy'],
  kkk: [2, 'joy'],
  rsrs: [1, 'joy'],
  hihi: [1, 'joy'],
};

/**
 * Lowercase, without diacritics (so "increible" finds "increíble"). Umlauts are spelled out the
 * German way first (ö → oe), so "schön" (beautiful) does not become "schon" (already).
 */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => umlauts[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}
const umlauts: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** An emoji without its presentation selector and skin tone, so every variant finds one entry. */
export function bareEmoji(symbol: string): string {
  return symbol.replace(/[\uFE0E\uFE0F]|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF}/gu, '');
}

/** Emoticons are written in ASCII (":)", "<3"); everything else in the symbol table is an emoji. */
export const isEmoticon = (symbol: string) => /^[\x21-\x7e]+$/.test(symbol);

export interface Dictionary {
  tables: SentimentTables;
  /** Folded word → id. */
  words: Map<string, number>;
  /** Emoji (bare) and emoticons (as typed), prefixed with "~" → id. */
  symbols: Map<string, number>;
  /** Id → the word or symbol, for keywords and debugging. */
  text: string[];
  /** Emoticons, longest first, for the tokeniser. */
  emoticons: string[];
}

const emotionBit = (emotion: Emotion | undefined) => (emotion ? 1 << EMOTIONS.indexOf(emotion) : 0);

/** Builds the dictionary; the order of `lexicons` does not matter. */
export function buildDictionary(lexicons: Lexicon[], symbols: Record<string, Entry>): Dictionary {
  const words = new Map<string, number>();
  const symbolIds = new Map<string, number>();
  const text: string[] = [];
  const idOf = (map: Map<string, number>, key: string) => {
    let id = map.get(key);
    if (id === undefined) {
      id = text.length;
      map.set(key, id);
      text.push(key.startsWith('~') ? key.slice(1) : key);
    }
    return id;
  };
  // First pass: ids. Second pass: the tables, now that their size is known.
  const wordKeys = (lexicon: Lexicon) => [
    ...Object.keys(lexicon.words),
    ...lexicon.negators,
    ...Object.keys(lexicon.intensifiers),
    ...lexicon.contrast,
    ...lexicon.stopwords,
  ];
  for (const lexicon of lexicons) for (const key of wordKeys(lexicon)) idOf(words, fold(key));
  for (const key of Object.keys(LAUGHTER)) idOf(words, key);
  const symbolKey = (symbol: string) => `~${isEmoticon(symbol) ? symbol : bareEmoji(symbol)}`;
  for (const symbol of [...Object.keys(symbols), ...SARCASM_CUES]) idOf(symbolIds, symbolKey(symbol));
  idOf(symbolIds, BREAK);
  idOf(symbolIds, EXCLAIM);

  const size = text.length;
  const tables: SentimentTables = {
    size,
    valence: new Float32Array(size * 7),
    factor: new Float32Array(size * 7),
    flags: new Uint16Array(size * 7),
    stops: new Uint8Array(size),
  };
  const UNIVERSAL = 6;
  const cell = (column: number, id: number) => column * size + id;
  const mark = (column: number, id: number, bits: number) => {
    tables.flags[cell(column, id)] = (tables.flags[cell(column, id)] ?? 0) | bits;
  };
  for (const id of words.values()) mark(UNIVERSAL, id, FLAG_WORD);

  for (const lexicon of lexicons) {
    const column = SENTIMENT_LANGUAGES.indexOf(lexicon.language);
    if (column < 0) throw new Error(`sentiment: no column for language ${lexicon.language}`);
    const word = (key: string) => words.get(fold(key)) as number;
    for (const [key, [value, emotion]] of Object.entries(lexicon.words)) {
      tables.valence[cell(column, word(key))] = value;
      mark(column, word(key), FLAG_LEXICAL | emotionBit(emotion));
    }
    for (const key of lexicon.negators) mark(column, word(key), FLAG_LEXICAL | FLAG_NEGATOR);
    for (const [key, factor] of Object.entries(lexicon.intensifiers)) {
      tables.factor[cell(column, word(key))] = factor;
      mark(column, word(key), FLAG_LEXICAL | FLAG_INTENSIFIER);
    }
    for (const key of lexicon.contrast) mark(column, word(key), FLAG_LEXICAL | FLAG_CONTRAST);
    for (const key of lexicon.stopwords) {
      const id = word(key);
      tables.stops[id] = (tables.stops[id] ?? 0) | (1 << column);
    }
  }
  for (const [key, [value, emotion]] of Object.entries(LAUGHTER)) {
    const id = words.get(key) as number;
    tables.valence[cell(UNIVERSAL, id)] = value;
    mark(UNIVERSAL, id, emotionBit(emotion));
  }
  for (const [symbol, [value, emotion]] of Object.entries(symbols)) {
    const id = symbolIds.get(symbolKey(symbol)) as number;
    tables.valence[cell(UNIVERSAL, id)] = value;
    mark(UNIVERSAL, id, emotionBit(emotion));
  }
  for (const cue of SARCASM_CUES) mark(UNIVERSAL, symbolIds.get(symbolKey(cue)) as number, FLAG_SARCASM);
  mark(UNIVERSAL, symbolIds.get(BREAK) as number, FLAG_BREAK);
  mark(UNIVERSAL, symbolIds.get(EXCLAIM) as number, FLAG_EXCLAIM);

  const emoticons = [...Object.keys(symbols), ...SARCASM_CUES].filter(isEmoticon).sort((a, b) => b.length - a.length);
  return { tables, words, symbols: symbolIds, text, emoticons };
}
