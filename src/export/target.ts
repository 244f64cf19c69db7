// Where an export's bytes go: the file the user picked (File System Access API), written as they come,
// or a Blob for a download where the browser has no file picker. The Blob is built from parts of about
// 1 MB, each a Blob of its own, so the bytes move out of the worker's heap as they come (the browser
// keeps a Blob's data itself, on disk when it is large) instead of piling up until the end.

const PART_BYTES = 1024 * 1024;

/** A byte stream to write the export to, and how to end it. */
export interface ExportTarget {
  stream: WritableStream<Uint8Array>;
  /** The whole file as a Blob when it was collected for a download; undefined when written to a file. */
  blob(): Blob | undefined;
}

/** A stream that gathers what it is given into a Blob of type `type`. */
export function blobTarget(type: string): ExportTarget {
  const parts: Blob[] = [];
  let chunks: Uint8Array[] = [];
  let size = 0;
  const seal = () => {
    if (chunks.length === 0) return;
    parts.push(new Blob(chunks as BlobPart[]));
    chunks = [];
    size = 0;
  };
  let whole: Blob | undefined;
  const stream = new WritableStream<Uint8Array>({
    write(chunk) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= PART_BYTES) seal();
    },
    close() {
      seal();
      whole = new Blob(parts, { type });
    },
  });
  return { stream, blob: () => whole };
}

/** The file the user picked, written in place (`createWritable` works in a dedicated worker). */
export async function fileTarget(handle: FileSystemFileHandle): Promise<ExportTarget> {
  const stream = (await handle.createWritable()) as unknown as WritableStream<Uint8Array>;
  return { stream, blob: () => undefined };
}
