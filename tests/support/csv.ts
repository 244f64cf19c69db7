// Reads CSV back as RFC 4180 defines it, for tests of what the exports write (unit and end to end).

/**
 * The records of `text` (without its byte-order mark); a record ends with CRLF. `separator` reads it as a
 * spreadsheet app set to another one would (`;` in much of Europe, a tab for pasted text).
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

/** A UTF-8 file's text, checking it starts with the byte-order mark. */
export function csvText(bytes: Uint8Array): string {
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) throw new Error('no UTF-8 byte-order mark');
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
}
