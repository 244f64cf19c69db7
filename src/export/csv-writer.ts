// Writes CSV records to a byte stream, a batch at a time: records gather as text until about 256 kB,
// then go out encoded as UTF-8, and the writer waits for the stream to take them (backpressure), so a
// million rows never sit in memory at once.
import { BOM, type CsvValue, csvRow } from './csv.ts';

const BATCH_CHARS = 256 * 1024;

export class CsvWriter {
  private pending = '';
  private readonly encoder = new TextEncoder();
  /** Records written so far, the header included. */
  rows = 0;

  constructor(private readonly out: WritableStreamDefaultWriter<Uint8Array>) {}

  /** Starts the file: the byte-order mark and the header record. */
  async header(fields: readonly CsvValue[]): Promise<void> {
    this.pending = BOM + this.pending;
    await this.row(fields);
  }

  /**
   * Adds one record; once the batch is big enough, sends it and returns the promise to wait for.
   * Most records return nothing to wait for: a million awaited promises cost more than the rows.
   */
  row(fields: readonly CsvValue[]): Promise<void> | undefined {
    this.pending += csvRow(fields);
    this.rows++;
    return this.pending.length >= BATCH_CHARS ? this.flush() : undefined;
  }

  /** Sends what is gathered. */
  async flush(): Promise<void> {
    if (!this.pending) return;
    const bytes = this.encoder.encode(this.pending);
    this.pending = '';
    await this.out.ready;
    await this.out.write(bytes);
  }
}
