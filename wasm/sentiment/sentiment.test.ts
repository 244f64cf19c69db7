// Comment sentiment through the core: the shipped lexicons, the tokeniser's rules, and the report.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVAL_LANGUAGES, readEvalSet } from '../../bench/sentiment/evaluate.ts';
import type { CollectorCore } from '../collector.ts';
import { loadCoreFromDisk } from '../node.ts';
import { analyseComments, percentages, scoreEach } from './analyse.ts';
import { EMOTIONS, fold } from './lexicon.ts';
import { lexicons, shippedDictionary, symbols } from './lexicons.ts';

let core: CollectorCore;
beforeAll(async () => {
  core = await loadCoreFromDisk();
});

const read = (text: string) => {
  const [reading] = scoreEach(core, shippedDictionary(), [text]);
  if (!reading) throw new Error('no reading');
  return reading;
};

describe('shipped lexicons', () => {
  it('have valid entries in every language', () => {
    expect(lexicons.map((lexicon) => lexicon.language)).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt']);
    for (const lexicon of lexicons) {
      expect(Object.keys(lexicon.words).length).toBeGreaterThan(800);
      expect(lexicon.stopwords.length).toBeGreaterThan(100);
      expect(lexicon.negators.length).toBeGreaterThan(5);
      for (const [word, [valence, emotion]] of Object.entries(lexicon.words)) {
        expect(
          Number.isInteger(valence) && valence !== 0 && Math.abs(valence) <= 4,
          `${lexicon.language} ${word}`,
        ).toBe(true);
        if (emotion !== undefined) expect(EMOTIONS).toContain(emotion);
        expect(word).toBe(word.toLowerCase());
        expect(word).not.toMatch(/\s/);
      }
    }
    expect(Object.keys(symbols).length).toBeGreaterThan(200);
  });

  it('keep "schön" (beautiful) apart from "schon" (already)', () => {
    expect(fold('schön')).toBe('schoen');
    expect(read('Das ist schon da').label).toBe('neutral');
    expect(read('Das ist so schön').label).toBe('positive');
  });
});

describe('the labelled evaluation set', () => {
  it('has at least 150 labelled comments per language, every label and emotion valid', () => {
    for (const language of EVAL_LANGUAGES) {
      const items = readEvalSet(language);
      expect(items.length).toBeGreaterThanOrEqual(150);
      for (const label of ['positive', 'negative', 'neutral']) {
        expect(items.filter((item) => item.label === label).length).toBeGreaterThanOrEqual(40);
      }
      for (const item of items) expect([...EMOTIONS, null]).toContain(item.emotion);
      expect(new Set(items.map((item) => item.text)).size).toBe(items.length);
    }
  });
});

describe('scoring rules', () => {
  it('reads praise, criticism and plain statements', () => {
    expect(read('I love this photo').label).toBe('positive');
    expect(read('This is awful and boring').label).toBe('negative');
    expect(read('Where was this taken?').label).toBe('neutral');
  });

  it('turns a word round after a negator, and after a trailing one (German, French)', () => {
    expect(read('I do not love it').label).toBe('negative');
    expect(read('not bad at all').label).toBe('positive');
    expect(read('Das gefällt mir nicht').label).toBe('negative');
    expect(read("Ce n'est pas beau").label).toBe('negative');
    // A double negative in Spanish stresses, it does not cancel.
    expect(read('no me gusta nada qué asco').label).toBe('negative');
  });

  it('weighs intensifiers, contrast and exclamation', () => {
    expect(read('very good').score).toBeGreaterThan(read('good').score);
    expect(read('good!!!').score).toBeGreaterThan(read('good').score);
    expect(read('nice photo but the caption is horrible').label).toBe('negative');
  });

  it('reads emoji, emoticons, stretched words and laughter', () => {
    expect(read('😍😍').label).toBe('positive');
    expect(read('😡').label).toBe('negative');
    expect(read(':(').label).toBe('negative');
    expect(read('sooo goood').label).toBe('positive');
    expect(read('jajajajaja').label).toBe('positive');
    expect(read('kkkkkk').label).toBe('positive');
  });

  it('catches praise with an eye-roll as sarcasm', () => {
    const reading = read('oh great, another ad 🙄');
    expect(reading).toMatchObject({ sarcastic: true, label: 'negative' });
  });

  it('identifies each language', () => {
    expect(read('the light in this photo is amazing').language).toBe('en');
    expect(read('qué foto tan bonita, me encanta').language).toBe('es');
    expect(read("c'est vraiment magnifique, j'adore").language).toBe('fr');
    expect(read('das ist wirklich ein tolles Bild').language).toBe('de');
    expect(read('che bella foto, mi piace molto').language).toBe('it');
    expect(read('que foto linda, você arrasou demais').language).toBe('pt');
    expect(read('😍').language).toBe('und');
  });
});

describe('the report (spec §3 Sentiment response)', () => {
  it('sums comments up: shares add to 100, extremes, keywords and languages', () => {
    const texts = [
      'I love this beach, the sunset is perfect',
      'This beach is awful, so dirty and crowded',
      'Which beach is this?',
      'Qué playa tan bonita, me encanta',
      'beach goals 😍',
    ];
    const report = analyseComments(core, shippedDictionary(), texts);
    expect(report.status).toBe(true);
    expect(report.total_comments).toBe(5);
    expect(report.average_words).toBeGreaterThan(3);
    const sum = (values: object) => Object.values(values).reduce((total: number, value: number) => total + value, 0);
    expect(sum(report.emotions)).toBe(100);
    expect(sum(report.distribution)).toBe(100);
    expect(report.most_negative_comment).toBe(texts[1]);
    expect([texts[0], texts[3], texts[4]]).toContain(report.most_positive_comment);
    expect(report.keyword_extraction[0]).toBe('beach');
    expect(report.keyword_extraction).not.toContain('the');
    expect(report.languages).toEqual([
      { language: 'en', percent: 80 },
      { language: 'es', percent: 20 },
    ]);
    expect(report.sentiment_score).toBeGreaterThan(0);
    expect(report.sentiment_score).toBeLessThanOrEqual(100);
  });

  it('reads no comments as an empty, neutral report', () => {
    expect(analyseComments(core, shippedDictionary(), [])).toMatchObject({
      total_comments: 0,
      sentiment_score: 50,
      most_positive_comment: '',
      emotions: { Joy: 0, Sadness: 0, Angry: 0, Surprise: 0, Trust: 0 },
    });
  });

  it('rounds shares so they always add up to exactly 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (weights) => {
          const shares = percentages(weights);
          const total = shares.reduce((sum, share) => sum + share, 0);
          expect(total).toBe(weights.some((weight) => weight > 0) ? 100 : 0);
        },
      ),
    );
  });
});

describe('npm run sentiment', () => {
  it('prints one JSON result per line, and names a line it cannot read', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sentiment-'));
    const file = join(folder, 'comments.jsonl');
    await writeFile(file, '{"text": "I love it"}\nnot json\n{"text": "Che schifo"}\n');
    const run = promisify(execFile)('npx', ['tsx', 'scripts/sentiment.ts', file], { cwd: process.cwd() });
    const { stdout } = await run.catch((error: { stdout: string }) => error);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ label: 'positive', language: 'en', emotions: expect.any(Object) });
    expect(lines[1]).toEqual({ line: 2, error: expect.any(String) });
    expect(lines[2]).toMatchObject({ label: 'negative', language: 'it' });
  }, 30_000);
});
