import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

export const GENESIS_HASH = '0'.repeat(64);

export interface HashedContent {
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  payload: unknown;
  metadata: unknown;
  occurredAt: Date;
}

/** hash = sha256(prev_hash + canonical JSON of the event's content), per stream. */
export function eventHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update(
      canonicalJson({
        streamId: content.streamId,
        version: content.version,
        type: content.type,
        schemaVersion: content.schemaVersion,
        payload: content.payload,
        metadata: content.metadata,
        occurredAt: content.occurredAt.toISOString(),
      }),
    )
    .digest('hex');
}

export function streamIdOf(userId: number | string): string {
  return `account-${userId}`;
}

export function userIdOfStream(streamId: string): number {
  return Number(streamId.slice('account-'.length));
}

/**
 * A timestamptz column as ISO-8601 UTC text with milliseconds. The pool's type parsers may hand back
 * timestamps as strings or Dates; reading this form makes hashing and replay independent of that.
 */
export function isoUtcSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
