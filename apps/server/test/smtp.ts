/**
 * A real SMTP server for tests (issue 21) (npm `smtp-server`), every received mail parsed with `mailparser`.
 * Test-only (imported by *.test.ts); `refuse(n)` decides per delivery attempt (1, 2, …) whether
 * RCPT TO is refused and with which SMTP code.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  /** RCPT TO attempts seen (accepted or refused). */
  attempts: number;
  /** Refuse attempt n with this code (e.g. 451 temporary, 550 permanent); undefined = accept. */
  refuse: (attempt: number) => number | undefined;
  /** Resolves when `n` mails have arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(opts: { port?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0,
    url: '',
    received: [],
    attempts: 0,
    refuse: () => undefined,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (state.received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${state.received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return state.received;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = state.refuse(++state.attempts);
      if (code) {
        const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
          responseCode: code,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          state.received.push(mail);
          callback();
        })
        .catch((err) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
