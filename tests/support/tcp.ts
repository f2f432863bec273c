import { readFileSync } from "node:fs";

/**
 * The server side of each loopback connection to `serverPort`, from the kernel's table
 * (Linux): keyed by the client's port, with the bytes the server has not read yet and
 * whether the server has accepted it (an accepted socket has an inode; one still in the
 * listen queue has none).
 */
function serverSides(serverPort: number) {
  const sides = new Map<number, { unread: number; accepted: boolean }>();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const localPort = parseInt(fields[1]!.split(":")[1]!, 16);
    if (localPort !== serverPort) continue;
    const remotePort = parseInt(fields[2]!.split(":")[1]!, 16);
    const unread = parseInt(fields[4]!.split(":")[1]!, 16);
    sides.set(remotePort, { unread, accepted: fields[9] !== "0" });
  }
  return sides;
}

/**
 * Resolves once the server on `serverPort` has accepted every connection from
 * `clientPorts` and read all they sent so far: from then on its HTTP parser holds their
 * requests as in flight. Polls the kernel's table; bounded, for a busy machine.
 */
export async function untilServerHasRead(
  serverPort: number,
  clientPorts: number[],
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sides = serverSides(serverPort);
    const waiting = clientPorts.filter((port) => {
      const side = sides.get(port);
      return !side || !side.accepted || side.unread > 0;
    });
    if (waiting.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `The server on port ${serverPort} had not read ${waiting.length} connection(s) after ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
