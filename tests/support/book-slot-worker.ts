// A separate process that books one slot for several users at once, on the database
// named by DATABASE_URL. It loads and connects first, says "ready", and fires only when
// it reads "go", so several workers hit the database together.
import { createInterface } from "node:readline";
import { bookAppointment } from "~/models/appointment.server";
import { ensureDatabaseReady, prisma } from "~/utils/db.server";

const { userIds, input } = JSON.parse(process.argv[2] ?? "{}") as {
  userIds: string[];
  input: Record<string, unknown>;
};

await ensureDatabaseReady();
await prisma.$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "go") break;
}
const results = await Promise.all(
  userIds.map(async (userId) => {
    try {
      const result = await bookAppointment(input, userId);
      return result.ok ? { status: 201, message: "" } : result;
    } catch (error) {
      return { status: 500, message: String(error) };
    }
  }),
);
process.stdout.write(`result:${JSON.stringify(results)}\n`);
await prisma.$disconnect();
