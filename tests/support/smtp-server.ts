// A local mail server that can hang: in front of a real SMTP server (smtp-server), it either passes
// each connection through or, while `hanging`, accepts it and never says a word, as the mail server
// of issue 35 did. Dropping the held connections and clearing `hanging` is the server coming back
// after a restart; `answerHeld()` is a server that comes back to the conversations it left waiting.
// It can also refuse (issue 35's fault suite): `stopListening()` closes its port, so a connection is
// refused, and `rejecting` greets every connection with an SMTP error code instead of 220.

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
  /** While set, every connection is greeted with this code (421: busy, try later; 554: no service) and closed. */
  rejecting: number | undefined;
  /** Resolves when a connection is next held (a sender is then waiting on the hung server). */
  nextHeld(): Promise<void>;
  /** Closes every held connection, as a mail server that restarts does. */
  dropHeld(): void;
  /** Answers every held connection (they go on to the real server) and stops hanging. */
  answerHeld(): void;
  /** Connections held now. */
  held(): number;
  /** Closes the port: a connection is refused until `listenAgain()`. */
  stopListening(): Promise<void>;
  /** Opens the same port again. */
  listenAgain(): Promise<void>;
  close(): Promise<void>;
}

const listen = (server: { listen(port: number, host: string, done: () => void): unknown }, port = 0) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

/** Starts the mail server on `port` (a free one by default), answering (not hanging) until told otherwise. */
export async function startLocalSmtp(options: { port?: number } = {}): Promise<LocalSmtp> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    // Plain SMTP on loopback, as a relay inside a private network would be.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.rejecting) return callback();
      // smtp-server answers the error's code in place of its greeting, then closes the connection.
      callback(Object.assign(new Error('Service not available'), { responseCode: state.rejecting }));
    },
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
  /** Joins a client's connection to the real server. */
  const passThrough = (socket: Socket) => {
    const back = createConnection(smtpPort, '127.0.0.1');
    open.add(back);
    back.on('close', () => open.delete(back));
    back.on('error', () => socket.destroy());
    socket.on('close', () => back.destroy());
    socket.pipe(back).pipe(socket);
  };
  const front = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
      held.delete(socket);
    });
    socket.on('error', () => undefined);
    if (state.hanging) {
      held.add(socket);
      onHeld?.();
      return;
    }
    passThrough(socket);
  });
  await listen(front, options.port);
  const frontPort = (front.address() as AddressInfo).port;

  const state: LocalSmtp = {
    url: `smtp://127.0.0.1:${frontPort}`,
    inbox,
    hanging: false,
    rejecting: undefined,
    nextHeld: () =>
      new Promise<void>((resolve) => {
        onHeld = resolve;
      }),
    dropHeld() {
      for (const socket of held) socket.destroy();
      held.clear();
    },
    answerHeld() {
      state.hanging = false;
      for (const socket of held) passThrough(socket);
      held.clear();
    },
    held: () => held.size,
    async stopListening() {
      // The port closes at once; close's callback would wait for the connections still open.
      front.close();
    },
    listenAgain: () => listen(front, frontPort),
    async close() {
      for (const socket of open) socket.destroy();
      if (front.listening) await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
  return state;
}
