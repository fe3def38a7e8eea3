import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** A message an SMTP receiver took responsibility for (it answered 250 to the data). */
export interface ReceivedMail {
  messageId: string;
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  language: string | null;
}

interface HeldReply {
  sessionId: string;
  raw: Buffer;
  envelopeTo: string[];
  answer(error?: Error | null): void;
}

/**
 * A real SMTP server for tests (the `smtp-server` package on a free local port), never a mock: the
 * platform's sender talks SMTP to it like to any mail server. Like a real MTA it takes responsibility
 * for a message only when it answers 250 to the data: a test may hold that answer (the sender is then
 * mid-send), and a message whose connection closes before the answer is dropped, as RFC 5321 has it.
 */
export class SmtpReceiver {
  readonly messages: ReceivedMail[] = [];
  dropped = 0;
  private holding = false;
  private readonly heldReplies: HeldReply[] = [];
  private failures: number[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpReceiver> {
    let receiver: SmtpReceiver | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        void (receiver as SmtpReceiver).onData(stream, session, callback);
      },
      onClose(session: SMTPServerSession) {
        (receiver as SmtpReceiver).onClose(session);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new SmtpReceiver(server, (server.server.address() as AddressInfo).port);
    return receiver;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Hold the 250 of every message from now on (until releaseHeld or holdReplies(false)). */
  holdReplies(on: boolean): void {
    this.holding = on;
  }

  heldCount(): number {
    return this.heldReplies.length;
  }

  releaseHeld(): void {
    for (const reply of this.heldReplies.splice(0)) void this.accept(reply);
  }

  /** Answer the next messages with these SMTP codes (e.g. 451: try again later) instead of 250. */
  failNext(...codes: number[]): void {
    this.failures.push(...codes);
  }

  /** Resolves once the probe holds (checked on every change). */
  async until(probe: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The delivered messages to one address. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async onData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const reply: HeldReply = {
      sessionId: session.id,
      raw: Buffer.concat(chunks),
      envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
      answer: callback,
    };
    const failure = this.failures.shift();
    if (failure !== undefined) {
      const error = new Error('Try again later') as Error & { responseCode: number };
      error.responseCode = failure;
      callback(error);
      this.changed();
      return;
    }
    if (this.holding) {
      this.heldReplies.push(reply);
      this.changed();
      return;
    }
    await this.accept(reply);
  }

  private async accept(reply: HeldReply): Promise<void> {
    const parsed = await simpleParser(reply.raw);
    const header = (name: string) => {
      const value = parsed.headers.get(name);
      return typeof value === 'string' ? value : null;
    };
    this.messages.push({
      messageId: parsed.messageId ?? '',
      envelopeTo: reply.envelopeTo,
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      language: header('content-language'),
    });
    reply.answer();
    this.changed();
  }

  private onClose(session: SMTPServerSession): void {
    const index = this.heldReplies.findIndex((reply) => reply.sessionId === session.id);
    if (index >= 0) {
      // the sender went away before the 250: no responsibility was taken, the message is not delivered
      this.heldReplies.splice(index, 1);
      this.dropped += 1;
      this.changed();
    }
  }

  private changed(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
