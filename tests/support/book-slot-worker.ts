// A separate process that books for several patients at once (one input each), on the database
// named by DATABASE_URL, through the API route's action. It loads and connects first,
// says "ready", and fires only when it reads "go", so several workers hit the database
// together.
import { createInterface } from "node:readline";
import { hearVisitEvents } from "~/models/visit-subscribers.server";
import { prisma } from "~/infra/db.server";
import { bookThroughApi } from "./book-slot";

hearVisitEvents();

const { tokens, inputs } = JSON.parse(process.argv[2] ?? "{}") as {
  tokens: string[];
  inputs: Record<string, unknown>[];
};

await prisma.$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "go") break;
}
const answers = await Promise.all(
  tokens.map((token, index) => bookThroughApi(token, inputs[index]!)),
);
process.stdout.write(`result:${JSON.stringify(answers)}\n`);
await prisma.$disconnect();
