import { logger } from "@/server/observability/log";

/** Ends the process with one clear line (start-up failures: port taken, database or Redis unreachable). */
export function exitWithError(line: string): never {
  logger().fatal(line);
  process.exit(1);
}
