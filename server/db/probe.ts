import pg from "pg";

/** Connects to `url` on a connection of its own (not a pool's) and asks one trivial question; throws if it cannot. */
export async function probeDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    await client.end().catch(() => {});
  }
}
