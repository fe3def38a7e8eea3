import { createHash, type Hash } from 'node:crypto';
import { postingsOf, upcastEvent } from '@savings/domain';
import type { VerifyCheck, VerifyReport } from '@savings/contracts';
import { blockHash } from './blocks';
import { eventHash, GENESIS_HASH, userIdOfStream } from './event-hash';
import { LOG_FORMAT, LOG_FORMAT_VERSION } from './log-export';

/**
 * Checks an exported log (log-export.ts) from the file alone, no database: the file is whole (its
 * sha256, counts and order), every stream's hash chain and versions, every event's postings (exactly
 * the ones its type implies, summing to zero), and the sealed blocks (numbering, links, digests,
 * hashes, and that each event names the block that seals it). Lines are read one at a time; memory
 * holds the head of each stream and the running digests, never the log.
 */

interface Failure {
  line: number;
  seq: number | null;
  detail: string;
}

type CheckName = 'file' | 'chain' | 'postings' | 'blocks';

const NAMES: Record<CheckName, string> = {
  file: 'file is whole',
  chain: 'hash chain per stream',
  postings: 'postings match their events',
  blocks: 'sealed blocks',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isHex64 = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export interface OfflineVerifyProgress {
  lines: number;
  events: number;
}

export class LogFileVerifier {
  private readonly failures = new Map<CheckName, Failure>();
  private readonly heads = new Map<string, { version: number; hash: string }>();
  private readonly fileDigest: Hash = createHash('sha256');
  private header: Record<string, unknown> | null = null;
  private end: Record<string, unknown> | null = null;
  private lineNo = 0;
  private events = 0;
  private postings = 0;
  private lastSeq = 0;
  // the block being filled: its events' digest, first seq and count
  private blockDigest: Hash = createHash('sha256');
  private blockFirstSeq: number | null = null;
  private blockEvents = 0;
  private blocks = 0;
  private prevBlockHash = GENESIS_HASH;
  private prevBlockLastSeq = 0;

  /** One line of the file, without its line feed. */
  line(text: string): void {
    this.lineNo += 1;
    if (this.end) return this.fail('file', null, 'there are lines after the end line');
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      return this.fail('file', null, 'a line is not JSON');
    }
    if (!isObject(record)) return this.fail('file', null, 'a line is not a JSON object');
    if (this.lineNo === 1) {
      this.fileDigest.update(`${text}\n`);
      return this.onHeader(record);
    }
    if (record.kind === 'end') {
      this.end = record;
      return this.onEnd(record);
    }
    this.fileDigest.update(`${text}\n`);
    if (record.kind === 'event') return this.onEvent(record);
    if (record.kind === 'block') return this.onBlock(record);
    this.fail('file', null, `unknown line kind ${JSON.stringify(record.kind)}`);
  }

  progress(): OfflineVerifyProgress {
    return { lines: this.lineNo, events: this.events };
  }

  /** The report once every line was given. */
  report(): VerifyReport {
    if (!this.end && !this.failures.has('file'))
      this.fail('file', null, 'the end line is missing (the file is cut short)');
    if (this.blockEvents > 0) {
      this.fail('blocks', this.lastSeq, `${this.blockEvents} events after the last block are not sealed by any block`);
    }
    const checks: VerifyCheck[] = (Object.keys(NAMES) as CheckName[]).map((name) => {
      const failure = this.failures.get(name);
      const ok = failure === undefined;
      return {
        name: NAMES[name],
        ok,
        checked:
          name === 'file'
            ? this.lineNo
            : name === 'blocks'
              ? this.blocks
              : name === 'postings'
                ? this.postings
                : this.events,
        detail: ok ? this.success(name) : `line ${failure.line}: ${failure.detail}`,
        firstBadSeq: failure?.seq ?? null,
      };
    });
    return { ok: checks.every((c) => c.ok), checks };
  }

  private success(name: CheckName): string {
    switch (name) {
      case 'file':
        return `${this.lineNo} lines; counts and sha256 of the end line match`;
      case 'chain':
        return `${this.events} events in ${this.heads.size} streams link and hash correctly`;
      case 'postings':
        return `${this.postings} postings; every event carries exactly the postings its type implies, summing to zero`;
      case 'blocks':
        return `${this.blocks} blocks link, and seal every event up to seq ${this.prevBlockLastSeq}`;
    }
  }

  private fail(check: CheckName, seq: number | null, detail: string): void {
    if (!this.failures.has(check)) this.failures.set(check, { line: this.lineNo, seq, detail });
  }

  private onHeader(record: Record<string, unknown>): void {
    if (record.kind !== 'header' || record.format !== LOG_FORMAT) {
      return this.fail('file', null, `the first line is not a ${LOG_FORMAT} header`);
    }
    if (record.formatVersion !== LOG_FORMAT_VERSION) {
      return this.fail('file', null, `format version ${String(record.formatVersion)} is not ${LOG_FORMAT_VERSION}`);
    }
    this.header = record;
  }

  private onEvent(e: Record<string, unknown>): void {
    const seq = e.seq;
    if (!isCount(seq) || seq <= this.lastSeq) {
      this.fail('file', null, `event seq ${String(seq)} is not after ${this.lastSeq}`);
      return;
    }
    this.lastSeq = seq;
    this.events += 1;
    const streamId = e.streamId;
    if (
      typeof streamId !== 'string' ||
      !isCount(e.version) ||
      typeof e.type !== 'string' ||
      !isCount(e.schemaVersion) ||
      typeof e.occurredAt !== 'string' ||
      Number.isNaN(Date.parse(e.occurredAt)) ||
      !isHex64(e.hash) ||
      !isHex64(e.prevHash) ||
      !Array.isArray(e.postings)
    ) {
      this.fail('file', seq, `event ${seq} lacks a member or has one of the wrong type`);
      return;
    }

    // chain: contiguous versions, link to the stream's previous event, content matches its hash
    const head = this.heads.get(streamId);
    const expectedVersion = (head?.version ?? 0) + 1;
    if (e.version !== expectedVersion) {
      this.fail('chain', seq, `${streamId}: version ${e.version} where ${expectedVersion} was expected`);
    } else if (e.prevHash !== (head?.hash ?? GENESIS_HASH)) {
      this.fail('chain', seq, `${streamId} v${e.version}: previous hash does not link to v${e.version - 1}`);
    } else {
      const recomputed = eventHash(e.prevHash, {
        streamId,
        version: e.version,
        type: e.type,
        schemaVersion: e.schemaVersion,
        payload: e.payload,
        metadata: e.metadata,
        occurredAt: new Date(e.occurredAt),
      });
      if (recomputed !== e.hash) {
        this.fail('chain', seq, `${streamId} v${e.version}: content does not match its hash (changed after writing)`);
      }
    }
    this.heads.set(streamId, { version: e.version, hash: e.hash });

    // postings: what the event's type implies, in order, summing to zero
    this.postings += e.postings.length;
    try {
      const expected = postingsOf(userIdOfStream(streamId), upcastEvent(e.type, e.schemaVersion, e.payload)).map(
        (p, i) => `${i + 1}|${p.account}|${p.amountCents}`,
      );
      let sum = 0n;
      const actual = e.postings.map((p: unknown) => {
        if (!isObject(p) || typeof p.amountCents !== 'string' || !/^-?\d+$/.test(p.amountCents)) return '?';
        sum += BigInt(p.amountCents);
        return `${String(p.line)}|${String(p.account)}|${p.amountCents}`;
      });
      if (expected.join(',') !== actual.join(',')) {
        this.fail('postings', seq, `${e.type} has postings [${actual.join(', ')}], expected [${expected.join(', ')}]`);
      } else if (sum !== 0n) {
        this.fail('postings', seq, `event ${seq} postings sum to ${sum} cents`);
      }
    } catch (error) {
      this.fail('postings', seq, `event cannot be read: ${(error as Error).message}`);
    }

    // blocks: the event joins the block being filled, which must be the one it names
    if (e.block !== this.blocks + 1) {
      this.fail('blocks', seq, `event ${seq} names block ${String(e.block)} but follows block ${this.blocks}`);
    }
    this.blockFirstSeq ??= seq;
    this.blockEvents += 1;
    this.blockDigest.update(`${seq}:${e.hash}\n`);
  }

  private onBlock(b: Record<string, unknown>): void {
    const expectedNo = this.blocks + 1;
    this.blocks += 1;
    const firstSeq = this.blockFirstSeq;
    const digest = this.blockDigest.digest('hex');
    const count = this.blockEvents;
    this.blockDigest = createHash('sha256');
    this.blockFirstSeq = null;
    this.blockEvents = 0;
    if (
      !isCount(b.blockNo) ||
      !isCount(b.firstSeq) ||
      !isCount(b.lastSeq) ||
      !isHex64(b.hash) ||
      !isHex64(b.prevHash)
    ) {
      return this.fail('blocks', firstSeq, `block line ${this.blocks} lacks a member or has one of the wrong type`);
    }
    if (b.blockNo !== expectedNo) {
      this.fail('blocks', firstSeq, `block ${b.blockNo} where block ${expectedNo} was expected`);
    } else if (b.firstSeq <= this.prevBlockLastSeq || b.firstSeq !== firstSeq || b.lastSeq !== this.lastSeq) {
      this.fail(
        'blocks',
        firstSeq,
        `block ${b.blockNo} (seq ${b.firstSeq}..${b.lastSeq}) does not span the events before it`,
      );
    } else if (b.prevHash !== this.prevBlockHash) {
      this.fail('blocks', firstSeq, `block ${b.blockNo} does not link to block ${b.blockNo - 1}`);
    } else if (b.eventCount !== count || b.eventsDigest !== digest) {
      this.fail('blocks', firstSeq, `block ${b.blockNo}: events differ from what was sealed`);
    } else if (blockHash(b.prevHash, String(b.blockNo), String(b.firstSeq), String(b.lastSeq), digest) !== b.hash) {
      this.fail('blocks', firstSeq, `block ${b.blockNo} hash does not match its content`);
    }
    this.prevBlockHash = b.hash;
    this.prevBlockLastSeq = b.lastSeq;
  }

  private onEnd(end: Record<string, unknown>): void {
    if (!this.header) return;
    const sha256 = this.fileDigest.digest('hex');
    const mismatch =
      end.sha256 !== sha256
        ? 'the sha256 of the lines before the end line differs (the file was changed)'
        : end.events !== this.events || this.header.events !== this.events
          ? `the file has ${this.events} events, its header and end line say ${String(this.header.events)} and ${String(end.events)}`
          : end.blocks !== this.blocks || this.header.blocks !== this.blocks
            ? `the file has ${this.blocks} blocks, its header and end line say ${String(this.header.blocks)} and ${String(end.blocks)}`
            : end.lastSeq !== this.header.lastSeq || (this.events > 0 && end.lastSeq !== this.lastSeq)
              ? `the last seq is ${this.lastSeq}, the header and end line say ${String(this.header.lastSeq)} and ${String(end.lastSeq)}`
              : end.lastBlockHash !== (this.blocks > 0 ? this.prevBlockHash : null)
                ? 'the end line names another last block hash'
                : null;
    if (mismatch) this.fail('file', null, mismatch);
  }
}

/** Verifies the lines of an exported log (a file read line by line, a response body...). */
export async function verifyLogLines(
  lines: AsyncIterable<string> | Iterable<string>,
  onProgress?: (progress: OfflineVerifyProgress) => void,
): Promise<VerifyReport> {
  const verifier = new LogFileVerifier();
  for await (const line of lines) {
    verifier.line(line);
    if (onProgress && verifier.progress().lines % 10_000 === 0) onProgress(verifier.progress());
  }
  return verifier.report();
}
