// Runs a command while CPU-bound processes compete with it for the machine, to prove a
// test suite holds on a busy machine (a CI runner, a laptop on battery):
//
//   node scripts/stress.mjs -- npm test
//   node scripts/stress.mjs --burners 2 --max-seconds 1800 -- npx vitest run tests/crash
//
// Each burner spins on one core at normal priority until the command exits, the time
// limit passes or this script dies; none outlives it. Prints the command's wall time.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const separator = process.argv.indexOf("--");
if (separator === -1 || separator === process.argv.length - 1) {
  console.error("Usage: node scripts/stress.mjs [--burners N] [--max-seconds S] -- <command...>");
  process.exit(2);
}
const { values } = parseArgs({
  args: process.argv.slice(2, separator),
  options: {
    burners: { type: "string", default: "2" },
    "max-seconds": { type: "string", default: "1800" },
  },
});
const burnerCount = Number(values.burners);
const maxSeconds = Number(values["max-seconds"]);
const [command, ...args] = process.argv.slice(separator + 1);

// A burner stops by itself at its deadline, and as soon as its parent is gone (the IPC
// channel closes), so a killed stress run leaves nothing spinning.
const BURNER = `
const deadline = Date.now() + ${maxSeconds * 1000};
process.on("disconnect", () => process.exit(0));
let x = 0;
(function spin() {
  const sliceEnd = Date.now() + 50;
  while (Date.now() < sliceEnd) x = (x * 1103515245 + 12345) % 2147483648;
  if (Date.now() < deadline) setImmediate(spin);
  else process.exit(0);
})();
`;

const burners = Array.from({ length: burnerCount }, () =>
  spawn(process.execPath, ["-e", BURNER], { stdio: ["ignore", "ignore", "inherit", "ipc"] }),
);
function stopBurners() {
  for (const burner of burners) if (burner.exitCode === null) burner.kill("SIGKILL");
}
process.on("exit", stopBurners);

console.info(
  `[stress] ${burnerCount} CPU-bound processes (pids ${burners.map((b) => b.pid).join(", ")}), ` +
    `at most ${maxSeconds} s, beside: ${[command, ...args].join(" ")}`,
);
const started = Date.now();
const child = spawn(command, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    child.kill(signal);
    stopBurners();
  });
}
const timer = setTimeout(() => {
  console.error(`[stress] ${maxSeconds} s passed: stopping the command`);
  child.kill("SIGTERM");
}, maxSeconds * 1000);
child.on("exit", (code, signal) => {
  clearTimeout(timer);
  stopBurners();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`[stress] command exited ${signal ?? code} after ${seconds} s under load`);
  process.exit(code ?? 1);
});
