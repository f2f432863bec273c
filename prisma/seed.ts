import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { DEMO_PATIENT, DEMO_STAFF } from "./seed-data";
import { seed } from "./seed-database";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must be set to seed the database");
  const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
  try {
    await seed(prisma);
    const [services, reviews] = await Promise.all([prisma.service.count(), prisma.review.count()]);
    console.info(
      `Seeded: ${services} services, ${reviews} reviews, demo patient ${DEMO_PATIENT.email}, demo staff ${DEMO_STAFF.map((staff) => staff.email).join(", ")}`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
