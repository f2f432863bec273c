import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import {
  DEMO_DENTIST_STAFF,
  DEMO_PATIENT,
  DEMO_STAFF,
  demoAccountsEnabled,
} from "../app/data/demo-accounts";
import { seed } from "./seed-database";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must be set to seed the database");
  const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
  const demoAccounts = demoAccountsEnabled(process.env);
  try {
    await seed(prisma, { demoAccounts });
    const [services, reviews] = await Promise.all([prisma.service.count(), prisma.review.count()]);
    const accounts = [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF].map(
      (account) => account.email,
    );
    console.info(
      `Seeded: ${services} services, ${reviews} reviews, ${
        demoAccounts
          ? `demo accounts ${accounts.join(", ")} (DEMO_ACCOUNTS: their passwords are published)`
          : "no demo accounts (DEMO_ACCOUNTS is not true)"
      }`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
