// Preloaded into the server by `profile-bookings.mjs --sql` (`node --import`): counts
// every statement better-sqlite3 prepares (Prisma's adapter prepares each query afresh, so
// a prepare is a statement run) with the time it was prepared, and writes them to
// SQL_TRACE_FILE as the process exits. No app code knows about it.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(`${process.cwd()}/package.json`);
const Database = require("better-sqlite3");
const file = process.env.SQL_TRACE_FILE;
const seen = [];
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function tracedPrepare(source, ...rest) {
  seen.push([Date.now(), source]);
  return prepare.call(this, source, ...rest);
};
const write = () => {
  if (file) writeFileSync(file, JSON.stringify(seen));
};
process.once("exit", write);
