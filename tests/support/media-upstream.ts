// Loopback servers for the media proxy tests. The "upstream" listens on 127.0.0.2, which the tests'
// address policy treats as a public address; "victims" listen on 127.0.0.1 and ::1 on the same
// port and count every connection, so a test can prove nothing reached a refused address.
import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The address the tests' policy lets through, standing in for the public internet. */
export const UPSTREAM_ADDRESS = '127.0.0.2';

export const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(120, 7)]);
export const video = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
export const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
}

export interface Upstream {
  port: number;
  /** Base URL of the upstream with a host name of the test's choice: `http://<host>:<port>`. */
  base(host: string): string;
  requests: SeenRequest[];
  /** Connections made to 127.0.0.1 or ::1 on the upstream's port. */
  victimConnections: string[];
  /** Set when a streamed body was cut off by the client before the server finished writing it. */
  streamCutOff: { value: boolean };
  close(): Promise<void>;
}

function sendRange(request: IncomingMessage, response: ServerResponse, body: Buffer, type: string): void {
  const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!match || (!match[1] && !match[2])) {
    response.writeHead(200, { 'content-type': type, 'content-length': body.length, 'accept-ranges': 'bytes' });
    response.end(body);
    return;
  }
  let start = match[1] ? Number(match[1]) : body.length - Number(match[2]);
  let end = match[1] && match[2] ? Number(match[2]) : body.length - 1;
  start = Math.max(0, start);
  end = Math.min(end, body.length - 1);
  if (start > end) {
    response.writeHead(416, { 'content-range': `bytes */${body.length}` });
    response.end();
    return;
  }
  response.writeHead(206, {
    'content-type': type,
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${body.length}`,
  });
  response.end(body.subarray(start, end + 1));
}

function handler(state: Upstream) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    state.requests.push({ path: url.pathname, headers: request.headers, remoteAddress: request.socket.remoteAddress });
    const path = url.pathname;
    if (path === '/image.png' || path === '/headers.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    } else if (path === '/photo.jpg') {
      response.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' });
      response.end(png);
    } else if (path === '/video.mp4') {
      sendRange(request, response, video, 'video/mp4');
    } else if (path === '/big.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 5000 });
      response.end(Buffer.alloc(5000, 1));
    } else if (path === '/stream.png') {
      // No content-length: 1 KB chunks until 200 KB or the client hangs up.
      response.writeHead(200, { 'content-type': 'image/png' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent >= 200) {
          clearInterval(timer);
          response.end();
          return;
        }
        response.write(Buffer.alloc(1024, 2));
        sent += 1;
      }, 2);
      response.on('close', () => {
        clearInterval(timer);
        if (sent < 200) state.streamCutOff.value = true;
      });
    } else if (path === '/lying-short.png') {
      // Claims 10 bytes, sends 5000 on a raw socket.
      const socket = response.socket as Socket;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 10\r\nconnection: close\r\n\r\n');
      socket.end(Buffer.alloc(5000, 3));
    } else if (path === '/lying-long.png') {
      // Claims 800 bytes (under the limit), sends 10 and hangs up.
      const socket = response.socket as Socket;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 800\r\n\r\n');
      socket.end(Buffer.alloc(10, 4));
    } else if (path === '/lying-absent.png') {
      // HTTP/1.0 style: no length, body until close, far over the limit.
      const socket = response.socket as Socket;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\nconnection: close\r\n\r\n');
      socket.end(Buffer.alloc(50_000, 5));
    } else if (path === '/close-delimited.png') {
      const socket = response.socket as Socket;
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\nconnection: close\r\n\r\n');
      socket.end(png);
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<script>alert(1)</script>');
    } else if (path === '/pic.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(svg);
    } else if (path === '/notype') {
      response.writeHead(200, { 'content-length': png.length });
      response.end(png);
    } else if (path === '/slow.png') {
      const timer = setTimeout(() => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(png);
      }, 1500);
      response.on('close', () => clearTimeout(timer));
    } else if (path === '/stall.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 1000 });
      response.write(Buffer.alloc(10));
    } else if (path === '/redirect') {
      // Raw UTF-8 bytes, as a careless server would send a non-ASCII location.
      const location = Buffer.from(url.searchParams.get('to') ?? '', 'utf8').toString('latin1');
      response.writeHead(Number(url.searchParams.get('status') ?? 302), { location });
      response.end();
    } else if (path === '/loop') {
      response.writeHead(307, { location: '/loop' });
      response.end();
    } else if (path.startsWith('/chain/')) {
      const left = Number(path.slice('/chain/'.length));
      if (left > 0) {
        response.writeHead(302, { location: `/chain/${left - 1}` });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        response.end(png);
      }
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  };
}

async function listen(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error;
    }),
  ]);
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Starts the upstream on 127.0.0.2 and victims on 127.0.0.1 and ::1 (when the host has IPv6) on its port. */
export async function startUpstream(): Promise<Upstream> {
  for (let attempt = 0; ; attempt++) {
    const state: Upstream = {
      port: 0,
      base: (host) => `http://${host}:${state.port}`,
      requests: [],
      victimConnections: [],
      streamCutOff: { value: false },
      close: async () => undefined,
    };
    const upstream = createServer(handler(state));
    await listen(upstream, 0, UPSTREAM_ADDRESS);
    state.port = (upstream.address() as AddressInfo).port;
    const victims: Server[] = [];
    try {
      for (const host of ['127.0.0.1', '::1']) {
        const victim = createServer((_request, response) => response.end('secret'));
        victim.on('connection', (socket) => state.victimConnections.push(`${host} ${socket.remoteAddress}`));
        try {
          await listen(victim, state.port, host);
          victims.push(victim);
        } catch (error) {
          // No IPv6 on this host: the ::1 victim is optional.
          if (host === '::1' && (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') continue;
          throw error;
        }
      }
    } catch (error) {
      await Promise.all([upstream, ...victims].map(closeServer));
      if (attempt < 5 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      throw error;
    }
    state.close = async () => {
      await Promise.all([upstream, ...victims].map(closeServer));
    };
    return state;
  }
}
