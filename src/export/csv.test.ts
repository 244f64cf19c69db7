// RFC 4180 as spreadsheet apps read it: quoting, doubled quotes, CRLF, the byte-order mark, and names
// that would run as formulas kept as text.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../tests/support/csv.ts';
import { BOM, CRLF, csvField, csvRow } from './csv.ts';
import { CsvWriter } from './csv-writer.ts';
import { blobTarget } from './target.ts';

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('ana.lima')).toBe('ana.lima');
    expect(csvField('José Ñúñez 名前 😀')).toBe('José Ñúñez 名前 😀');
    expect(csvField(1234)).toBe('1234');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(0)).toBe('0');
  });

  it('writes a missing figure as an empty field, never "null" or "NaN"', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote, a CR or an LF, and doubles its quotes', () => {
    expect(csvField('Lima, Ana')).toBe('"Lima, Ana"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('both\r\nends')).toBe('"both\r\nends"');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-minus')).toBe("'-minus");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('quotes a semicolon or a tab too, so a reader splitting on either keeps the field whole (issue 32)', () => {
    expect(csvField('Lima; Ana')).toBe('"Lima; Ana"');
    expect(csvField('tab\there')).toBe('"tab\there"');
  });

  it('keeps every separated part that would start a formula as text, in a comma, semicolon or tab reading', () => {
    const hostile = [
      "x;=cmd|'/C calc'!A0",
      'x,+1+1',
      'x\t@SUM(A1)',
      'x;-2+3',
      'a\t\t=1',
      'line\r\n=1+1',
      '=plain',
      'safe;name',
    ];
    const line = csvRow(hostile);
    for (const separator of [',', ';', '\t']) {
      const cells = parseCsv(line, separator).flat();
      // A reader that ignores quotes altogether, the worst there is, splits the line itself.
      const naive = line.split(separator);
      for (const cell of [...cells, ...naive]) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    }
    // Read as written, each name comes back whole, with its apostrophes.
    expect(parseCsv(line)[0]).toEqual([
      "x;'=cmd|'/C calc'!A0",
      "x,'+1+1",
      "x\t'@SUM(A1)",
      "x;'-2+3",
      "a\t'\t'=1",
      "line\r\n'=1+1",
      "'=plain",
      'safe;name',
    ]);
  });

  it('ends each record with CRLF and separates fields with commas', () => {
    expect(csvRow(['a', 'b, c', 3, null])).toBe(`a,"b, c",3,${CRLF}`);
    expect(csvRow([])).toBe(CRLF);
  });
});

describe('CsvWriter', () => {
  it('starts with the UTF-8 byte-order mark and reads back to the same records', async () => {
    const target = blobTarget('text/csv');
    const writer = target.stream.getWriter();
    const csv = new CsvWriter(writer);
    const records = [
      ['Username', 'Full name'],
      ['ana', 'Ana "the, best" Lima'],
      ['bo', 'line\r\nbreak'],
      ['çé', 'Zoë 😀'],
    ];
    await csv.header(records[0] ?? []);
    for (const record of records.slice(1)) await csv.row(record);
    await csv.flush();
    await writer.close();
    const bytes = new Uint8Array(await (target.blob() as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith(CRLF)).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual(records);
    expect(csv.rows).toBe(4);
  });

  it('sends batches as they fill, so a long list never waits whole in memory', async () => {
    const chunks: number[] = [];
    const stream = new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk.byteLength) });
    const writer = stream.getWriter();
    const csv = new CsvWriter(writer);
    await csv.header(['Username']);
    for (let i = 0; i < 100_000; i++) await csv.row([`user_${i}`, 'Some Name', 'Sample network (demo)']);
    await csv.flush();
    await writer.close();
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks)).toBeLessThan(600_000);
  });
});
