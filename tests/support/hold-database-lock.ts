// Holds a database's lock in a process of its own, as a running server does, until it is
// killed: `node --import tsx tests/support/hold-database-lock.ts <database file>`.
import { lockDatabase } from "~/infra/database-lock.server";

lockDatabase(process.argv[2]!);
process.stdout.write("locked\n");
setInterval(() => {}, 60_000);
