// Holds the ports other services on a developer's machine commonly take (and that our tests once used as
// fixed ports) for as long as `npm test` runs, so every run proves the tests pick free ports by themselves.
// A port something else already holds is just as taken: skip it.
import net from "node:net";

const PORTS = [2526, 2527, 2528, 3210, 4010, 4011, 4012];

for (const port of PORTS) {
  const server = net.createServer((socket) => socket.destroy());
  server.on("error", () => {});
  server.listen(port, "127.0.0.1");
}
process.on("SIGTERM", () => process.exit(0));
