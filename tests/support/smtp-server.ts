// A local mail server that can hang: in front of a real SMTP server (smtp-server), it either passes
// each connection through or, while `hanging`, accepts it and never says a word, as the mail server
// of issue 35 did. Dropping the held connections and clearing `hanging` is the server coming back.

import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  inbox: ReceivedMail[];
  /** While true, a connection is accepted and never answered. */
  hanging: boolean;
  /** Resolves when a connection is next held (a sender is then waiting on the hung server). */
  nextHeld(): Promise<void>;
  /** Closes every held connection, as a mail server that restarts does. */
  dropHeld(): void;
  close(): Promise<void>;
}

const listen = (server: { listen(port: number, host: string, done: () => void): unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

/** Starts the mail server, answering (not hanging) until told otherwise. */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    // Plain SMTP on loopback, as a relay inside a private network would be.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await listen(smtp);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const held = new Set<Socket>();
  const open = new Set<Socket>();
  let onHeld: (() => void) | undefined;
  const front = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    if (state.hanging) {
      held.add(socket);
      onHeld?.();
      return;
    }
    const back = createConnection(smtpPort, '127.0.0.1');
    open.add(back);
    back.on('close', () => open.delete(back));
    back.on('error', () => socket.destroy());
    socket.on('close', () => back.destroy());
    socket.pipe(back).pipe(socket);
  });
  await listen(front);

  const state: LocalSmtp = {
    url: `smtp://127.0.0.1:${(front.address() as AddressInfo).port}`,
    inbox,
    hanging: false,
    nextHeld: () =>
      new Promise<void>((resolve) => {
        onHeld = resolve;
      }),
    dropHeld() {
      for (const socket of held) socket.destroy();
      held.clear();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
  return state;
}
