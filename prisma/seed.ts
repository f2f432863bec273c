import {
  DEMO_DENTIST_STAFF,
  DEMO_PATIENT,
  DEMO_STAFF,
  demoAccountsEnabled,
} from "../app/data/demo-accounts";
import { openDatabase } from "../app/infra/database-engine.server";
import { seed } from "./seed-database";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must be set to seed the database");
  const { client: prisma } = openDatabase({ url, busyTimeoutMs: 5000, poolSize: 2 });
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
