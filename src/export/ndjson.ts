// Reads newline-delimited JSON from a response body as it arrives: one parsed value per line, so a
// million names never become one string.

/** Each line of `body` parsed as JSON; a last line without its newline is parsed too. */
export async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      rest += decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
        const line = rest.slice(start, end);
        start = end + 1;
        if (line.trim()) yield JSON.parse(line);
      }
      rest = rest.slice(start);
    }
    rest += decoder.decode();
    if (rest.trim()) yield JSON.parse(rest);
  } finally {
    // A reader that stops early (an error in a row) lets the connection go.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
