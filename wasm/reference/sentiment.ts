// Plain TypeScript oracle for the core's scoreComments: wasm/assembly/sentiment.ts line by line.
import {
  FLAG_BREAK,
  FLAG_CONTRAST,
  FLAG_EMOTION_MASK,
  FLAG_EXCLAIM,
  FLAG_INTENSIFIER,
  FLAG_LEXICAL,
  FLAG_NEGATOR,
  FLAG_SARCASM,
  FLAG_WORD,
  type SentimentTables,
  STRIDE,
} from '../collector.ts';

const LANGUAGES = 6;
const UNIVERSAL = 6;
const NEGATION_REACH = 3;
const NEGATION_SCALAR = -0.74;
const AFTER_CONTRAST = 1.5;
const BEFORE_CONTRAST = 0.5;
const EXCLAIM_BOOST = 0.292;
const EXCLAIMS_COUNTED = 3;
const ALPHA = 15;
const NEUTRAL_BAND = 0.05;

export function scoreCommentsReference(
  tables: SentimentTables,
  tokens: Int32Array,
  offsets: Uint32Array,
): Float32Array {
  const D = tables.size;
  const flagAt = (column: number, id: number) => tables.flags[column * D + id] ?? 0;
  const valenceAt = (column: number, id: number) => tables.valence[column * D + id] ?? 0;
  const columnFor = (language: number, id: number) => {
    if (language < LANGUAGES) return language;
    for (let l = 0; l < LANGUAGES; l++) if (flagAt(l, id) & FLAG_LEXICAL) return l;
    return -1;
  };
  const token = (k: number) => tokens[k] ?? -1;

  function identify(start: number, end: number): number {
    const votes = [0, 0, 0, 0, 0, 0];
    for (let k = start; k < end; k++) {
      const id = token(k);
      if (id < 0 || id >= D) continue;
      const mask = tables.stops[id] ?? 0;
      for (let l = 0; l < LANGUAGES; l++) {
        votes[l] = (votes[l] ?? 0) + ((mask >> l) & 1) * 2 + (flagAt(l, id) & FLAG_LEXICAL ? 1 : 0);
      }
    }
    let best = UNIVERSAL;
    let most = 0;
    votes.forEach((count, l) => {
      if (count > most) {
        best = l;
        most = count;
      }
    });
    return best;
  }

  function sentimentAhead(at: number, end: number, language: number): boolean {
    const last = Math.min(end, at + 1 + NEGATION_REACH);
    for (let k = at + 1; k < last; k++) {
      const id = token(k);
      if (id < 0 || id >= D) continue;
      if (flagAt(UNIVERSAL, id) & (FLAG_BREAK | FLAG_EXCLAIM)) return false;
      const column = columnFor(language, id);
      if (column >= 0 && valenceAt(column, id) !== 0) return true;
    }
    return false;
  }

  const emotionOf = (bits: number) => {
    const emotion = bits & FLAG_EMOTION_MASK;
    return emotion ? Math.log2(emotion & -emotion) : -1;
  };

  const count = offsets.length - 1;
  const out = new Float32Array(count * STRIDE);
  for (let i = 0; i < count; i++) {
    const start = offsets[i] ?? 0;
    const end = offsets[i + 1] ?? 0;
    const language = identify(start, end);
    let sum = 0;
    const emotions = [0, 0, 0, 0, 0];
    let negationLeft = 0;
    let negatedInReach = false;
    let boost = 1;
    let afterContrast = false;
    let exclaims = 0;
    let words = 0;
    let sarcasmCue = false;
    let positiveWord = false;
    let negativeEmoji = false;
    let lastAt = -100;
    let lastContribution = 0;
    let lastEmotion = -1;

    for (let k = start; k < end; k++) {
      const id = token(k);
      if (id < 0) continue;
      if (id >= D) {
        words++;
        if (negationLeft > 0) negationLeft--;
        continue;
      }
      const universal = flagAt(UNIVERSAL, id);
      if (universal & FLAG_SARCASM) sarcasmCue = true;
      if (universal & (FLAG_BREAK | FLAG_EXCLAIM)) {
        if (universal & FLAG_EXCLAIM) exclaims++;
        negationLeft = 0;
        boost = 1;
        lastAt = -100;
        continue;
      }
      if (universal & FLAG_WORD) words++;
      const column = columnFor(language, id);
      const bits = column >= 0 ? flagAt(column, id) : 0;
      if (bits & FLAG_NEGATOR) {
        if (negationLeft > 0 && negatedInReach) {
          negationLeft = 0;
          negatedInReach = false;
        } else if (!sentimentAhead(k, end, language) && lastAt >= k - start - NEGATION_REACH) {
          sum += lastContribution * NEGATION_SCALAR - lastContribution;
          if (lastEmotion >= 0) emotions[lastEmotion] = (emotions[lastEmotion] ?? 0) - Math.abs(lastContribution);
          lastAt = -100;
          negationLeft = 0;
        } else {
          negationLeft = NEGATION_REACH;
          negatedInReach = false;
        }
        continue;
      }
      if (bits & FLAG_INTENSIFIER) {
        boost = tables.factor[column * D + id] ?? 1;
        continue;
      }
      if (bits & FLAG_CONTRAST) {
        sum *= BEFORE_CONTRAST;
        for (let e = 0; e < 5; e++) emotions[e] = (emotions[e] ?? 0) * BEFORE_CONTRAST;
        afterContrast = true;
        lastAt = -100;
        continue;
      }
      const wordValence = column >= 0 ? valenceAt(column, id) : 0;
      const emoji = wordValence === 0;
      const value = emoji ? valenceAt(UNIVERSAL, id) : wordValence;
      if (value !== 0) {
        let contribution = value * boost;
        boost = 1;
        const negated = negationLeft > 0 && !emoji;
        if (negated) {
          contribution *= NEGATION_SCALAR;
          negatedInReach = true;
        }
        if (afterContrast) contribution *= AFTER_CONTRAST;
        sum += contribution;
        const emotion = negated ? -1 : emotionOf(emoji ? universal : bits);
        if (emotion >= 0) emotions[emotion] = (emotions[emotion] ?? 0) + Math.abs(contribution);
        if (!emoji && contribution > 0) positiveWord = true;
        if (emoji && contribution < 0) negativeEmoji = true;
        if (emoji || negated) {
          lastAt = -100;
        } else {
          lastAt = k - start;
          lastContribution = contribution;
          lastEmotion = emotion;
        }
      }
      if (negationLeft > 0) negationLeft--;
    }

    if (sum !== 0) sum += (sum > 0 ? EXCLAIM_BOOST : -EXCLAIM_BOOST) * Math.min(exclaims, EXCLAIMS_COUNTED);
    const sarcastic = positiveWord && (sarcasmCue || negativeEmoji);
    if (sarcastic && sum > 0) sum = -sum;
    const score = sum / Math.sqrt(sum * sum + ALPHA);
    const label = score >= NEUTRAL_BAND ? 1 : score <= -NEUTRAL_BAND ? -1 : 0;
    out.set(
      [language, label, score, ...emotions.map((weight) => Math.max(0, weight)), sarcastic ? 1 : 0, words],
      i * STRIDE,
    );
  }
  return out;
}
