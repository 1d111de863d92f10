/**
 * Where a Redis URL points, for tests that speak to that Redis over a plain socket (MONITOR, a proxy in
 * front of it). Not a port tests listen on: the configured Redis's own, with the URL scheme's default
 * (6379) when the URL names none, as ioredis reads it.
 */
export function redisAddress(redisUrl: string): { host: string; port: number } {
  const url = new URL(redisUrl);
  return { host: url.hostname, port: Number(url.port) || 6379 };
}
