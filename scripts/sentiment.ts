// npm run sentiment -- FILE.jsonl: scores one {"text": …} per line with the collector core and
// prints one JSON result per line (label, score, emotions, language). Reads stdin without a file.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadCoreFromDisk } from '../wasm/node.ts';
import { scoreEach } from '../wasm/sentiment/analyse.ts';
import { shippedDictionary } from '../wasm/sentiment/lexicons.ts';

const BATCH = 2000;

async function main() {
  const file = process.argv[2];
  const core = await loadCoreFromDisk();
  const dictionary = shippedDictionary();
  const lines = createInterface({ input: file ? createReadStream(file) : process.stdin, crlfDelay: Infinity });
  let batch: Array<{ line: number; text: string | undefined; error?: string }> = [];
  let lineNumber = 0;
  let failed = 0;

  const flush = () => {
    const texts = batch.filter((entry) => entry.text !== undefined).map((entry) => entry.text as string);
    const scores = scoreEach(core, dictionary, texts);
    let next = 0;
    for (const entry of batch) {
      if (entry.text === undefined) {
        failed++;
        process.stdout.write(`${JSON.stringify({ line: entry.line, error: entry.error })}\n`);
        continue;
      }
      const { label, score, emotions, language } = scores[next++] ?? {};
      process.stdout.write(`${JSON.stringify({ label, score, emotions, language })}\n`);
    }
    batch = [];
  };

  for await (const raw of lines) {
    lineNumber++;
    if (!raw.trim()) continue;
    try {
      const parsed = JSON.parse(raw) as { text?: unknown };
      if (typeof parsed.text !== 'string') throw new Error('no "text" string on this line');
      batch.push({ line: lineNumber, text: parsed.text });
    } catch (error) {
      batch.push({ line: lineNumber, text: undefined, error: error instanceof Error ? error.message : String(error) });
    }
    if (batch.length >= BATCH) flush();
  }
  flush();
  if (failed) {
    process.stderr.write(`${failed} line(s) could not be read; see their "error".\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
