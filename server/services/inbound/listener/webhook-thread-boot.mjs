// The webhook listener thread's entry (webhook-listener.ts): Node 20 loads a worker's entry before the
// --import hooks of its execArgv, so the thread registers tsx itself and then loads its TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./webhook-thread.ts");
