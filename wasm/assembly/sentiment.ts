// Comment sentiment scoring: language identification, lexicon scoring with negation, intensifiers,
// contrast, exclamation, emoji and emoticons, emotions and a sarcasm cue, one comment at a time.
//
// The host tokenises and interns each token to an id in a dictionary of D entries, and keeps these
// tables in linear memory (column c in 0..5 is a language, in LANGUAGES order; column 6 is
// language-independent: emoji, emoticons, punctuation):
//   valence f32[7·D]  a word's valence in that column (0 for none)
//   factor  f32[7·D]  an intensifier's factor in that column
//   flags   u16[7·D]  FLAG_* bits in that column
//   stops   u8[D]     bit l set when the token is a frequent function word of language l
// Ids at or above D are words the dictionary does not know: they count as words and score nothing.
// The TypeScript reference (wasm/reference/sentiment.ts) is this file line by line; keep them equal.

export const FLAG_EMOTION_MASK: u16 = 0x1f; // joy, sadness, angry, surprise, trust: bits 0..4
export const FLAG_NEGATOR: u16 = 1 << 5;
export const FLAG_INTENSIFIER: u16 = 1 << 6;
export const FLAG_CONTRAST: u16 = 1 << 7;
export const FLAG_BREAK: u16 = 1 << 8;
export const FLAG_EXCLAIM: u16 = 1 << 9;
export const FLAG_SARCASM: u16 = 1 << 10;
export const FLAG_WORD: u16 = 1 << 11;
export const FLAG_LEXICAL: u16 = 1 << 12;

const LANGUAGES: i32 = 6;
const UNIVERSAL: i32 = 6;
/** Output floats per comment: language, label, score, five emotions, sarcasm, words. */
export const STRIDE: i32 = 10;
/** Tokens after a negator that it reaches; also how far back a trailing negator looks. */
const NEGATION_REACH: i32 = 3;
const NEGATION_SCALAR: f64 = -0.74;
const AFTER_CONTRAST: f64 = 1.5;
const BEFORE_CONTRAST: f64 = 0.5;
const EXCLAIM_BOOST: f64 = 0.292;
const EXCLAIMS_COUNTED: i32 = 3;
/** Normalises a raw sum into -1..1: sum / sqrt(sum² + ALPHA). */
const ALPHA: f64 = 15;
export const NEUTRAL_BAND: f64 = 0.05;

let D: i32 = 0;
let valence: usize = 0;
let factor: usize = 0;
let flags: usize = 0;
let stops: usize = 0;

/** Points the scorer at tables the host filled (see the header); they stay in place between calls. */
export function setSentimentTables(size: i32, valencePtr: usize, factorPtr: usize, flagsPtr: usize, stopsPtr: usize): void {
  D = size;
  valence = valencePtr;
  factor = factorPtr;
  flags = flagsPtr;
  stops = stopsPtr;
}

@inline function flagAt(column: i32, id: i32): u16 {
  return load<u16>(flags + ((<usize>(column * D + id)) << 1));
}

@inline function valenceAt(column: i32, id: i32): f64 {
  return <f64>load<f32>(valence + ((<usize>(column * D + id)) << 2));
}

/** The language column a token is read in: the comment's language, or the first that knows it. */
function columnFor(language: i32, id: i32): i32 {
  if (language < LANGUAGES) return language;
  for (let l = 0; l < LANGUAGES; l++) {
    if (flagAt(l, id) & FLAG_LEXICAL) return l;
  }
  return -1;
}

/** The comment's language: 2 votes per function word, 1 per lexicon word; 6 when nothing votes. */
function identify(tokens: usize, start: i32, end: i32): i32 {
  let v0 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0;
  for (let k = start; k < end; k++) {
    const id = load<i32>(tokens + (<usize>k << 2));
    if (id < 0 || id >= D) continue;
    const mask = <i32>load<u8>(stops + <usize>id);
    v0 += ((mask & 1) << 1) + (flagAt(0, id) & FLAG_LEXICAL ? 1 : 0);
    v1 += (mask & 2) + (flagAt(1, id) & FLAG_LEXICAL ? 1 : 0);
    v2 += ((mask >> 2) & 1) * 2 + (flagAt(2, id) & FLAG_LEXICAL ? 1 : 0);
    v3 += ((mask >> 3) & 1) * 2 + (flagAt(3, id) & FLAG_LEXICAL ? 1 : 0);
    v4 += ((mask >> 4) & 1) * 2 + (flagAt(4, id) & FLAG_LEXICAL ? 1 : 0);
    v5 += ((mask >> 5) & 1) * 2 + (flagAt(5, id) & FLAG_LEXICAL ? 1 : 0);
  }
  let best = UNIVERSAL;
  let most = 0;
  if (v0 > most) { best = 0; most = v0; }
  if (v1 > most) { best = 1; most = v1; }
  if (v2 > most) { best = 2; most = v2; }
  if (v3 > most) { best = 3; most = v3; }
  if (v4 > most) { best = 4; most = v4; }
  if (v5 > most) { best = 5; most = v5; }
  return best;
}

/** Whether a sentiment-bearing token follows within reach of position `at`, before a break. */
function sentimentAhead(tokens: usize, at: i32, end: i32, language: i32): bool {
  const last = min(end, at + 1 + NEGATION_REACH);
  for (let k = at + 1; k < last; k++) {
    const id = load<i32>(tokens + (<usize>k << 2));
    if (id < 0 || id >= D) continue;
    const universal = flagAt(UNIVERSAL, id);
    if (universal & (FLAG_BREAK | FLAG_EXCLAIM)) return false;
    const column = columnFor(language, id);
    if (column >= 0 && valenceAt(column, id) != 0) return true;
  }
  return false;
}

/** Index 0..4 of the lowest emotion bit, or -1. */
@inline function emotionOf(bits: u16): i32 {
  const emotion = bits & FLAG_EMOTION_MASK;
  return emotion ? <i32>ctz(emotion) : -1;
}

/**
 * Scores `count` comments. Comment i is tokens[offsets[i] .. offsets[i+1]) (i32 ids, u32 offsets).
 * Writes STRIDE f32 per comment at `out`: language (0..5, 6 unknown), label (-1, 0, 1), score in
 * -1..1, the five emotions' weights, sarcasm (0 or 1), word count.
 */
export function scoreComments(tokens: usize, offsets: usize, count: i32, out: usize): void {
  for (let i = 0; i < count; i++) {
    const start = <i32>load<u32>(offsets + (<usize>i << 2));
    const end = <i32>load<u32>(offsets + (<usize>(i + 1) << 2));
    const language = identify(tokens, start, end);
    let sum: f64 = 0;
    let e0: f64 = 0, e1: f64 = 0, e2: f64 = 0, e3: f64 = 0, e4: f64 = 0;
    let negationLeft = 0;
    // A word was turned round in the current negation's reach ("no me gusta nada": "nada" closes it).
    let negatedInReach = false;
    let boost: f64 = 1;
    let afterContrast = false;
    let exclaims = 0;
    let words = 0;
    let sarcasmCue = false;
    let positiveWord = false;
    let negativeEmoji = false;
    // The last scored word, so a trailing negator ("gefällt mir nicht") can turn it round.
    let lastAt = -100;
    let lastContribution: f64 = 0;
    let lastEmotion = -1;

    for (let k = start; k < end; k++) {
      const id = load<i32>(tokens + (<usize>k << 2));
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
      const bits: u16 = column >= 0 ? flagAt(column, id) : 0;
      if (bits & FLAG_NEGATOR) {
        if (negationLeft > 0 && negatedInReach) {
          negationLeft = 0;
          negatedInReach = false;
        } else if (!sentimentAhead(tokens, k, end, language) && lastAt >= k - start - NEGATION_REACH) {
          sum += lastContribution * NEGATION_SCALAR - lastContribution;
          const weight = Math.abs(lastContribution);
          if (lastEmotion == 0) e0 -= weight;
          else if (lastEmotion == 1) e1 -= weight;
          else if (lastEmotion == 2) e2 -= weight;
          else if (lastEmotion == 3) e3 -= weight;
          else if (lastEmotion == 4) e4 -= weight;
          lastAt = -100;
          negationLeft = 0;
        } else {
          negationLeft = NEGATION_REACH;
          negatedInReach = false;
        }
        continue;
      }
      if (bits & FLAG_INTENSIFIER) {
        boost = <f64>load<f32>(factor + ((<usize>(column * D + id)) << 2));
        continue;
      }
      if (bits & FLAG_CONTRAST) {
        sum *= BEFORE_CONTRAST;
        e0 *= BEFORE_CONTRAST;
        e1 *= BEFORE_CONTRAST;
        e2 *= BEFORE_CONTRAST;
        e3 *= BEFORE_CONTRAST;
        e4 *= BEFORE_CONTRAST;
        afterContrast = true;
        lastAt = -100;
        continue;
      }
      const wordValence = column >= 0 ? valenceAt(column, id) : 0;
      const emoji = wordValence == 0;
      const value = emoji ? valenceAt(UNIVERSAL, id) : wordValence;
      if (value != 0) {
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
        const weight = Math.abs(contribution);
        if (emotion == 0) e0 += weight;
        else if (emotion == 1) e1 += weight;
        else if (emotion == 2) e2 += weight;
        else if (emotion == 3) e3 += weight;
        else if (emotion == 4) e4 += weight;
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

    if (sum != 0) {
      const counted = <f64>min(exclaims, EXCLAIMS_COUNTED);
      sum += (sum > 0 ? EXCLAIM_BOOST : -EXCLAIM_BOOST) * counted;
    }
    // Praise beside an eye-roll or a sad face is read as its opposite ("great, another ad 🙄").
    const sarcastic = positiveWord && (sarcasmCue || negativeEmoji);
    if (sarcastic && sum > 0) sum = -sum;
    const score = sum / Math.sqrt(sum * sum + ALPHA);
    const label: f64 = score >= NEUTRAL_BAND ? 1 : score <= -NEUTRAL_BAND ? -1 : 0;

    const at = out + (<usize>(i * STRIDE) << 2);
    store<f32>(at, <f32>language);
    store<f32>(at + 4, <f32>label);
    store<f32>(at + 8, <f32>score);
    store<f32>(at + 12, <f32>Math.max(0, e0));
    store<f32>(at + 16, <f32>Math.max(0, e1));
    store<f32>(at + 20, <f32>Math.max(0, e2));
    store<f32>(at + 24, <f32>Math.max(0, e3));
    store<f32>(at + 28, <f32>Math.max(0, e4));
    store<f32>(at + 32, sarcastic ? 1 : 0);
    store<f32>(at + 36, <f32>words);
  }
}
