// Writes a benchmark's rows into docs/performance.md between its own markers
// (`<!-- bench:<section>:start -->` ... `:end -->`), formatted as `npm run lint` expects.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import * as prettier from "prettier";

/**
 * @param {string} section the markers' name ("audit", "backup")
 * @param {string} command what was run, as the text says it
 * @param {{ name: string, value: string, goal: string, pass: boolean, detail: string }[]} rows
 * @param {string} machine
 */
export async function recordSection(section, command, rows, machine) {
  const file = "docs/performance.md";
  const block = [
    `Latest run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${command}.`,
    "",
    `Machine: ${machine}.`,
    "",
    "| Figure | Result | Goal | Met | Detail |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.value} | ${row.goal} | ${row.pass ? "yes" : "**no**"} | ${row.detail.replace(/^\(|\)$/g, "")} |`,
    ),
  ].join("\n");
  const start = `<!-- bench:${section}:start -->`;
  const end = `<!-- bench:${section}:end -->`;
  const current = readFileSync(file, "utf8");
  const next = current.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${block}\n${end}`);
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  console.info(`Recorded in ${file}`);
}

/** The machine a run measured on, as the recorded tables name it. */
export function machineLine() {
  return `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}, load average ${os.loadavg()[0].toFixed(1)} at start`;
}
