// Benchmark of the patient search and card (docs/decisions/042-patient-records-and-merges.md, 043), in-process on the app's
// own code (tsx): a clinic of 1,000 patients and one of 300,000 (one visit each, spread over
// four dentists), the desk's search by a name word, a typed phone number, a date of birth and
// an e-mail, a dentist's search (their own patients only), and a card read (audited). Median
// of 30 runs after 5 to warm up, the two sizes in alternating child processes. A third of
// the patients are family members (docs/decisions/049-families.md): a record with a stand-in
// address linked to the patient two before it, so the measured patient looks after one and
// its card shows the family. Goals: a search at 300,000 patients within 250 ms (the desk
// types and waits), a card read (with its family) within 1.5x of 1,000 patients', and what
// the booking form adds for a family (its members, the booking's check of the one named)
// within 1.5x too. Run by `npm run bench -- --only=patients`, or alone:
// `npx tsx scripts/bench/patients.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { inChild, medianMs, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-patients");
const SIZES = [1_000, Number(process.env.BENCH_PATIENTS || 300_000)];
const RUNS = 30;
const ROUNDS = 3;
const SURNAMES = ["Garcia", "Okafor", "Nguyen", "Schmidt", "Rossi", "Kowalski", "Haddad", "Silva"];
const DENTISTS = ["bench-dentist-0", "bench-dentist-1", "bench-dentist-2", "bench-dentist-3"];

function prepareDatabase(name: string, patients: number) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const now = Date.now();
  const stamp = iso(now);
  const today = clinicNow(new Date(now)).date;
  const user = db.prepare(
    `INSERT INTO User (id, name, email, phone, phoneDigits, dateOfBirth, role, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const dentist = db.prepare(
    `INSERT INTO Dentist (id, slug, name, title, weeklyPlan, userId, updatedAt) VALUES (?, ?, ?, 'DDS', '{}', ?, ?)`,
  );
  const link = db.prepare(
    `INSERT INTO GuardianLink (id, guardianId, dependantId, relationship, updatedAt) VALUES (?, ?, ?, 'child', ?)`,
  );
  const visit = db.prepare(
    `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
     VALUES (?, ?, 'bench-service', ?, ?, ?, ?, '10:00', '', ?, 'chair-1', ?, ?, 'completed', ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(
      `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, createdAt, updatedAt)
       VALUES ('bench-service', 'bench-service', 'Check-up', 'Bench', 5000, '', 'Preventive', ?, ?)`,
    ).run(stamp, stamp);
    user.run("bench-desk", "Bench Desk", "desk@example.com", "", "", "", "reception", stamp, stamp);
    for (const [index, id] of DENTISTS.entries()) {
      user.run(
        `${id}-user`,
        `Dr ${index}`,
        `${id}@example.com`,
        "",
        "",
        "",
        "dentist",
        stamp,
        stamp,
      );
      dentist.run(id, id, `Dr ${index}`, `${id}-user`, stamp);
    }
    for (let i = 0; i < patients; i += 1) {
      const number = `+1 555 ${String(1_000_000 + i).slice(1, 4)} ${String(10_000 + (i % 10_000)).slice(1)}`;
      const digits = number.replace(/\D/g, "");
      const name = `Patient${i} ${SURNAMES[i % SURNAMES.length]}`;
      // Every third record is a family member of the one two before it (no address of its own).
      const dependant = i % 3 === 2;
      const email = dependant ? `no-email-bench-${i}@no-email.invalid` : `patient-${i}@example.com`;
      const born = addDays("1950-01-01", i % 20_000);
      user.run(`bench-p-${i}`, name, email, number, digits, born, "patient", stamp, stamp);
      if (dependant) link.run(`bench-l-${i}`, `bench-p-${i - 2}`, `bench-p-${i}`, stamp);
      const date = addDays(today, -(i % 700));
      const startsAt = Date.parse(`${date}T15:00:00Z`);
      visit.run(
        `bench-v-${i}`,
        `bench-p-${i}`,
        name,
        email,
        number,
        date,
        DENTISTS[i % DENTISTS.length],
        iso(startsAt),
        iso(startsAt + 30 * 60_000),
        stamp,
        stamp,
      );
    }
  })();
  db.exec("ANALYZE");
  db.close();
  return file;
}

async function measure(file: string) {
  const { searchPatients } = await import("~/models/patients/search.server");
  const { patientCard } = await import("~/models/patients/card.server");
  const { rateLimits } = await import("~/infra/rate-limit.server");
  const { familyOnCard } = await import("~/models/family/desk.server");
  const { familyMembers } = await import("~/models/family/links.server");
  const { bookingPatient } = await import("~/models/family/booking.server");
  const desk = { id: "bench-desk", role: "reception" as const };
  const dentist = { id: "bench-dentist-1-user", role: "dentist" as const };
  // The patient in the middle: the same one is looked up at both sizes (777 looks after 779).
  const target = 777;
  const number = `+1 555 ${String(1_000_000 + target).slice(1, 4)} ${String(10_000 + target).slice(1)}`;
  const born = addDays("1950-01-01", target);
  const found = (query: string, actor: typeof desk | typeof dentist) => async () => {
    const matches = await searchPatients(query, { actor });
    if (!matches.some((match) => match.id === `bench-p-${target}`)) {
      throw new Error(`"${query}" did not find the patient (${file})`);
    }
  };
  const figures = {
    nameMs: await medianMs(found(`patient${target} ${SURNAMES[target % 8]}`, desk), RUNS),
    phoneMs: await medianMs(found(number, desk), RUNS),
    birthMs: await medianMs(found(born, desk), RUNS),
    emailMs: await medianMs(found(`patient-${target}@example.com`, desk), RUNS),
    dentistMs: await medianMs(found(`patient${target}`, dentist), RUNS),
    cardMs: await medianMs(async () => {
      rateLimits().patientReads.forget(desk.id);
      if (!(await patientCard(desk, `bench-p-${target}`))) throw new Error("no card");
      const family = await familyOnCard(`bench-p-${target}`);
      if (family.dependants.length !== 1) throw new Error("no family on the card");
    }, RUNS),
    // What the booking form adds for a guardian: whom it may book for, and the booking's
    // check of the member it names.
    familyBookingMs: await medianMs(async () => {
      const members = await familyMembers(`bench-p-${target}`);
      const named = await bookingPatient(`bench-p-${target}`, members[0]?.id);
      if (!named.ok || named.patientId !== `bench-p-${target + 2}`) throw new Error("no member");
    }, RUNS),
  };
  return figures;
}

const [mode, file] = process.argv.slice(2);
if (mode === "measure") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  process.stdout.write(`${JSON.stringify(await measure(file ?? ""))}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const files = SIZES.map((patients) => prepareDatabase(`patients-${patients}`, patients));
const best = SIZES.map(() => ({}) as Record<string, number>);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [index, file] of files.entries()) {
    const result = inChild("scripts/bench/patients.ts", "measure", file);
    for (const [key, value] of Object.entries(result)) {
      best[index]![key] = Math.min(best[index]![key] ?? Infinity, value);
    }
  }
}
rmSync(TMP, { recursive: true, force: true });
const [small, large] = best as [Record<string, number>, Record<string, number>];
const searches = ["nameMs", "phoneMs", "birthMs", "emailMs", "dentistMs"] as const;
const figures = {
  patients: SIZES[1]!,
  small,
  large,
  slowestSearchMs: Math.max(...searches.map((key) => large[key]!)),
  cardRatio: large.cardMs! / small.cardMs!,
  familyBookingRatio: large.familyBookingMs! / small.familyBookingMs!,
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  for (const key of [...searches, "cardMs", "familyBookingMs"]) {
    console.info(
      `${key.replace("Ms", "")}: ${small[key]!.toFixed(1)} ms at 1,000 patients, ${large[key]!.toFixed(1)} ms at ${SIZES[1]!.toLocaleString("en")}`,
    );
  }
  console.info(
    `Slowest search at ${SIZES[1]!.toLocaleString("en")}: ${figures.slowestSearchMs.toFixed(1)} ms (goal <= 250); card ratio ${figures.cardRatio.toFixed(2)} (goal <= 1.5); family booking ratio ${figures.familyBookingRatio.toFixed(2)} (goal <= 1.5)`,
  );
}
