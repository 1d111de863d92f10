import { env } from "@/server/env";

// The custom server (server/index.ts) overwrites this header with the socket's address on every request,
// so a client cannot forge it. Behind a reverse proxy, TRUST_PROXY=true uses X-Forwarded-For instead.
export const CLIENT_IP_HEADER = "x-switchboard-client-ip";

export function clientIp(request: Request): string {
  if (env().TRUST_PROXY) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
