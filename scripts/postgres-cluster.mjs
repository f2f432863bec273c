// A throwaway PostgreSQL server on 127.0.0.1 for the tests, the benchmarks and
// `npm run db:new-migration` (which needs one to diff against): Debian's `postgresql`
// package (`apt-get install -y postgresql`), a cluster in a folder of its own, trust
// authentication on loopback, the C locale (text compares as on SQLite), and durability off
// (fsync, full-page writes): its data is thrown away with it.
//
//   node scripts/postgres-cluster.mjs start <dir> <port>   prints the server's URL
//   node scripts/postgres-cluster.mjs stop <dir>
//
// initdb refuses to run as root: as root the cluster belongs to the `postgres` user the
// package makes, and its commands run as that user.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of PostgreSQL's programs: POSTGRES_BIN, Debian's newest, or the PATH's. */
export function postgresBin() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(path.join(debian, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin");
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  return found.status === 0 ? path.dirname(found.stdout.trim()) : null;
}

/** Whether this machine can start a cluster (the programs are installed). */
export function postgresInstalled() {
  const bin = postgresBin();
  return bin !== null && existsSync(path.join(bin, "initdb"));
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as the `postgres` user when this process is root. */
function runProgram(program, args, { quiet = true } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  const command = path.join(bin, program);
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  execFileSync(file, argv, { stdio: quiet ? "pipe" : "inherit", cwd: "/" });
}

/** The URL of the server's `postgres` database, as its superuser. */
export function clusterUrl(port, database = "postgres") {
  return `postgresql://postgres@127.0.0.1:${port}/${database}`;
}

/**
 * Makes and starts a cluster in `dir` listening on 127.0.0.1:`port` (a cluster already
 * there is started again). Resolves to the URL of its `postgres` database.
 * @param {{ dir: string, port: number, maxConnections?: number }} options
 */
export function startCluster({ dir, port, maxConnections = 300 }) {
  const data = path.join(dir, "data");
  mkdirSync(dir, { recursive: true });
  if (asRoot) {
    const { uid, gid } = userIds("postgres");
    chownSync(dir, uid, gid);
  }
  if (!existsSync(path.join(data, "PG_VERSION"))) {
    runProgram("initdb", [
      "-D",
      data,
      "--auth=trust",
      "--username=postgres",
      "--locale=C",
      "--encoding=UTF8",
    ]);
  }
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    `-c max_connections=${maxConnections}`,
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c synchronous_commit=off",
  ].join(" ");
  runProgram("pg_ctl", ["-D", data, "-o", settings, "-l", path.join(dir, "log"), "-w", "start"]);
  return clusterUrl(port);
}

/** Stops the cluster in `dir` and removes it. */
export function stopCluster(dir) {
  const data = path.join(dir, "data");
  if (existsSync(path.join(data, "postmaster.pid"))) {
    runProgram("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  }
  rmSync(dir, { recursive: true, force: true });
}

function userIds(name) {
  const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
  return { uid, gid };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir, port] = process.argv.slice(2);
  if (command === "start" && dir && port) {
    console.info(startCluster({ dir: path.resolve(dir), port: Number(port) }));
  } else if (command === "stop" && dir && existsSync(dir) && statSync(dir).isDirectory()) {
    stopCluster(path.resolve(dir));
  } else {
    console.error("Usage: node scripts/postgres-cluster.mjs start <dir> <port> | stop <dir>");
    process.exit(1);
  }
}
