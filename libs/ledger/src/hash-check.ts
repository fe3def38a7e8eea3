import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { canonicalJson } from './canonical-json';
import { sha256Hex } from './event-hash';
import { forEachLogEvent, type AuditedLogEvent } from './replay';

/** An event whose stored content no longer hashes to its stored hash. */
export interface HashMismatch {
  seq: string;
  streamId: string;
  version: number;
}

/**
 * eventHash of content as stored (jsonb text read back): its canonical JSON written in key order
 * around the payload's, metadata and time serialized once for the consecutive events that share them.
 * Byte-identical to eventHash (hash-check.spec.ts); the payload always goes through canonicalJson
 * (never a fixed-shape writer), so a member added to a stored payload changes the hash.
 */
export class StoredContentHasher {
  private lastMetadataText = '';
  private lastMetadataJson = '';
  private lastOccurredAt: Date | null = null;
  private lastOccurredJson = '';

  hash(row: AuditedLogEvent): string {
    if (row.metadataText !== this.lastMetadataText || this.lastMetadataJson === '') {
      this.lastMetadataText = row.metadataText;
      this.lastMetadataJson = canonicalJson(JSON.parse(row.metadataText));
    }
    if (row.occurredAt !== this.lastOccurredAt) {
      this.lastOccurredAt = row.occurredAt;
      this.lastOccurredJson = JSON.stringify(row.occurredAt.toISOString());
    }
    return sha256Hex(
      `${row.prevHash}{"metadata":${this.lastMetadataJson},"occurredAt":${this.lastOccurredJson}` +
        `,"payload":${canonicalJson(row.payload)},"schemaVersion":${row.schemaVersion}` +
        `,"streamId":${JSON.stringify(row.streamId)},"type":${JSON.stringify(row.type)},"version":${row.version}}`,
    );
  }
}

/** The first event of an audited log page (replay's text, a line per event) whose hash is wrong. */
export function firstHashMismatch(page: string): HashMismatch | null {
  const hasher = new StoredContentHasher();
  let mismatch: HashMismatch | null = null;
  forEachLogEvent(page, '0', true, (row) => {
    if (mismatch !== null) return;
    const audited = row as AuditedLogEvent;
    if (hasher.hash(audited) !== audited.hash) {
      mismatch = { seq: audited.seq, streamId: audited.streamId, version: audited.version };
    }
  });
  return mismatch;
}

/**
 * The compiled worker: next to this file in dist, or in the built dist beside the sources when these
 * run as TypeScript (the integration tests build the libraries first). Absent: hashing stays here.
 */
const WORKER_FILE = [join(__dirname, 'hash-check.worker.js'), join(__dirname, '../dist/hash-check.worker.js')].find(
  (file) => existsSync(file),
);

/**
 * Rehashes log pages for `ledger verify`, on a worker thread when the compiled worker is there: the
 * hashing (canonical JSON and sha256 of every event, about half of verify's JavaScript time) then
 * runs on the second core while the main thread folds and projects the same page for the replay
 * (ADR 0010). Otherwise in this thread, with the same function.
 */
export class PageHashChecker {
  private readonly pending = new Map<
    number,
    { resolve: (m: HashMismatch | null) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;

  private constructor(private readonly worker: Worker | null) {
    worker?.on('message', (message: { id: number; mismatch?: HashMismatch | null; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.mismatch ?? null);
    });
    worker?.on('error', (error) => this.failAll(error));
    worker?.on('exit', (code) => this.failAll(new Error(`The hash-check worker stopped (exit code ${code})`)));
  }

  /** `threads: false` keeps the hashing in this thread. */
  static open(options: { threads?: boolean } = {}): PageHashChecker {
    const useWorker = (options.threads ?? true) && WORKER_FILE !== undefined;
    return new PageHashChecker(useWorker ? new Worker(WORKER_FILE as string) : null);
  }

  get threaded(): boolean {
    return this.worker !== null;
  }

  check(page: string): Promise<HashMismatch | null> {
    if (this.worker === null) {
      try {
        return Promise.resolve(firstHashMismatch(page));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker?.postMessage({ id, page });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker === null) return;
    worker.removeAllListeners('exit');
    await worker.terminate();
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
