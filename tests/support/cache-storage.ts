// Cache Storage in memory, for unit tests of code the service worker and the page share (Node has no
// `caches`): open, put, match, delete and keys, keyed by URL as browsers key them.

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(request: RequestInfo | URL) {
    return new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'https://app.test')
      .href;
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(this.key(request), response);
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone();
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

/** Installs a fresh in-memory `caches` on globalThis; returns it. */
export function memoryCaches() {
  const named = new Map<string, MemoryCache>();
  const storage = {
    async open(name: string) {
      let cache = named.get(name);
      if (!cache) {
        cache = new MemoryCache();
        named.set(name, cache);
      }
      return cache;
    },
    async delete(name: string) {
      return named.delete(name);
    },
    async keys() {
      return [...named.keys()];
    },
  };
  (globalThis as { caches?: unknown }).caches = storage;
  return storage;
}
