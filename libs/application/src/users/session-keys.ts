import type Redis from 'ioredis';

/**
 * Where sessions live in Redis, in one place: the API's session store writes `<prefix>:sess:<id>`
 * (connect-redis) and lists each user's session ids in `<prefix>:user-sess:<userId>`, and a role change
 * (the command line) ends them. A session carries its user's identity and role, so whatever changes
 * the role must end the sessions: the guards do not read the database per request.
 */
export function sessionKeyPrefix(queuePrefix: string): string {
  return `${queuePrefix}:sess:`;
}

export function userSessionsKey(queuePrefix: string, userId: number): string {
  return `${queuePrefix}:user-sess:${userId}`;
}

/** Ends every session of a user (their records and the set listing them); returns how many. */
export async function endAllSessions(redis: Redis, queuePrefix: string, userId: number): Promise<number> {
  const key = userSessionsKey(queuePrefix, userId);
  const ids = await redis.smembers(key);
  await redis.del(key, ...ids.map((id) => `${sessionKeyPrefix(queuePrefix)}${id}`));
  return ids.length;
}
