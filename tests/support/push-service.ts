// A local push service for tests (issue 33), written from the protocol's RFCs: it takes a message the
// way a browser's push service does (RFC 8030: POST to the subscription's URL over https, TTL, Urgency
// and Topic headers, 201 Created), checks the sender's VAPID JWT (RFC 8292: ES256, `aud` the service's
// origin, `exp` within 24 hours, a `sub` contact, `k` the key the subscription was made for), and
// decrypts the body with the device's keys (RFC 8291, aes128gcm), as the browser would. Its TLS
// certificate is self-signed, made with openssl at start: the server under test trusts it through
// NODE_EXTRA_CA_CERTS (a process) or an https agent with `ca` (in-process tests).
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a browser's PushSubscription.toJSON() gives. */
export interface DeviceSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A message the service accepted, decrypted. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, or null for a push without data. */
  payload: string | null;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims and the key that signed it. */
  vapid: { aud: string; exp: number; sub: string; key: string };
  /** The encrypted body's size in bytes. */
  size: number;
}

/** A canned answer for the next message to an endpoint (or to any, with no endpoint). */
interface Scripted {
  endpoint?: string;
  status: number;
  headers?: Record<string, string>;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  /** The application server key it was subscribed with (a push service refuses another key's messages). */
  serverKey: string | undefined;
}

export interface PushServiceDouble {
  origin: string;
  /** `127.0.0.1:port`, as PUSH_SERVICE_HOSTS names it. */
  host: string;
  /** The certificate (PEM) to trust, and its path for NODE_EXTRA_CA_CERTS. */
  ca: string;
  caPath: string;
  /** Messages taken, in order; refusals by status in `refused`. */
  received: ReceivedPush[];
  refused: Array<{ endpoint: string; status: number; why: string }>;
  /** Every request that reached the service, whatever it was answered. */
  attempts: string[];
  /** A new device subscription, as a browser would get from this service. */
  subscribe(applicationServerKey?: string): DeviceSubscription;
  /**
   * Answers the next message (to `endpoint`, or to any) with `status` instead of taking it; status 0
   * never answers at all (a service that hangs).
   */
  answerNext(status: number, options?: { endpoint?: string; headers?: Record<string, string> }): void;
  /** Resolves when `count` messages were taken (or rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** RFC 8030 §7.2: push services accept at least, and often at most, 4096 bytes of body. */
const MAX_BODY = 4096;

function selfSignedCertificate(dir: string): { key: string; cert: string; certPath: string } {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=Followscope test push service',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

/** RFC 8291 §3.4: the content encryption key and nonce of a message, from the device's keys. */
function messageKeys(device: Device, senderPublic: Buffer, salt: Buffer) {
  const secret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  return { cek, nonce };
}

/** RFC 8188/8291: one aes128gcm record, with its header (salt, record size, the sender's key). */
function decryptAes128gcm(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const { cek, nonce } = messageKeys(device, senderPublic, salt);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with a 2 delimiter, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292 §2, §3: the JWT's claims when its ES256 signature is the key's; throws with why it is not. */
function checkVapid(header: string | undefined, origin: string, now: number) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (!claims.exp || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) throw new Error(`exp ${claims.exp}`);
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, key };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts)));
    request.on('error', reject);
  });
}

/** Starts the service on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushServiceDouble> {
  const dir = mkdtempSync(join(tmpdir(), 'followscope-push-'));
  const { key, cert, certPath } = selfSignedCertificate(dir);
  const devices = new Map<string, Device>();
  const scripted: Scripted[] = [];
  const received: ReceivedPush[] = [];
  const refused: PushServiceDouble['refused'] = [];
  const attempts: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const refuse = (response: ServerResponse, endpoint: string, status: number, why: string) => {
    refused.push({ endpoint, status, why });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(why);
  };

  const server = createServer({ key, cert }, async (request, response) => {
    const endpoint = `${origin}${request.url ?? ''}`;
    attempts.push(endpoint);
    const body = await readBody(request);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const device = id ? devices.get(id) : undefined;
    if (request.method !== 'POST' || !device) return refuse(response, endpoint, 404, 'no such subscription');
    const canned = scripted.findIndex((entry) => !entry.endpoint || entry.endpoint === endpoint);
    if (canned >= 0) {
      const [answer] = scripted.splice(canned, 1);
      refused.push({ endpoint, status: answer?.status ?? 500, why: 'scripted' });
      if (answer?.status === 0) return;
      return response.writeHead(answer?.status ?? 500, answer?.headers).end();
    }
    let vapid: ReceivedPush['vapid'];
    try {
      vapid = checkVapid(request.headers.authorization, origin, Date.now());
    } catch (error) {
      return refuse(response, endpoint, 401, (error as Error).message);
    }
    if (device.serverKey && device.serverKey !== vapid.key) return refuse(response, endpoint, 403, 'another key');
    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(response, endpoint, 400, 'no TTL');
    if (body.length > MAX_BODY) return refuse(response, endpoint, 413, 'payload too large');
    let payload: string | null = null;
    if (body.length > 0) {
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(response, endpoint, 400, 'not aes128gcm');
      try {
        payload = decryptAes128gcm(device, body);
      } catch (error) {
        return refuse(response, endpoint, 400, `cannot decrypt: ${(error as Error).message}`);
      }
    }
    received.push({
      endpoint,
      payload,
      ttl: Number(ttl),
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
      vapid,
      size: body.length,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    host: `127.0.0.1:${port}`,
    ca: cert,
    caPath: certPath,
    received,
    refused,
    attempts,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      devices.set(id, { ecdh, auth, serverKey: applicationServerKey });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerNext(status, options = {}) {
      scripted.push({ status, ...options });
    },
    waitForMessages(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`${received.length} of ${count} push messages arrived; refused: ${JSON.stringify(refused)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
