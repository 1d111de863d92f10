import type { Server } from "node:http";
import { exitWithError } from "@/server/lifecycle/exit";

/** Listens, or exits with one line: a taken port must stop the process, not leave it running deaf. */
export function listenOrExit(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") exitWithError(`port ${port} on ${host} is already in use: is another instance running? (set PORT)`);
      exitWithError(`cannot listen on ${host}:${port}: ${error.message}`);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}
