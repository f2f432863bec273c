/**
 * The demo accounts, one per side of the site. Their passwords are published (the README's
 * table), so they exist only in a demo: on a developer's machine, or wherever
 * DEMO_ACCOUNTS=true says so (docs/decisions/033-demo-accounts-and-staff-roles.md).
 */
export const DEMO_PATIENT = {
  name: "Demo Patient",
  email: "patient@example.com",
  password: "smile123",
  userImage: "/images/avatars/demo-patient.svg",
  address: "12 Harbour Street, Springfield",
};

export const DEMO_STAFF = [
  { name: "Clinic Admin", email: "admin@example.com", password: "admin123", role: "admin" },
  { name: "Front Desk", email: "reception@example.com", password: "desk123", role: "reception" },
] as const;

/** The demo staff account of each seeded dentist (role dentist, linked to the Dentist record). */
export const DEMO_DENTIST_STAFF = [
  { dentistId: "dentist-first", email: "anita.patel@example.com", password: "dentist-demo-1" },
  { dentistId: "dentist-chen", email: "marcus.chen@example.com", password: "dentist-demo-2" },
  { dentistId: "dentist-okafor", email: "sarah.okafor@example.com", password: "dentist-demo-3" },
] as const;

/** Every demo account's address and its published password. */
export const PUBLISHED_PASSWORDS: ReadonlyMap<string, string> = new Map(
  [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF].map((account) => [
    account.email,
    account.password,
  ]),
);

/** True when `password` is the published one of the demo account at `email`. */
export function isPublishedPassword(email: string, password: string): boolean {
  return PUBLISHED_PASSWORDS.get(email.trim().toLowerCase()) === password;
}

/**
 * Whether this environment is a demo, whose accounts may exist and sign in: DEMO_ACCOUNTS
 * says so when set ("true" or "false"; empty is unset, as in .env.example); otherwise only a development or test run without
 * a SESSION_SECRET is one. No NODE_ENV counts as production, as everywhere (a plain
 * `npm start` on a developer's machine says DEMO_ACCOUNTS=true itself: scripts/start.mjs).
 */
export function demoAccountsEnabled(env: {
  DEMO_ACCOUNTS?: string | boolean | undefined;
  NODE_ENV?: string | undefined;
  SESSION_SECRET?: string | undefined;
}): boolean {
  const said = String(env.DEMO_ACCOUNTS ?? "").trim();
  if (said) return said === "true";
  const development = env.NODE_ENV === "development" || env.NODE_ENV === "test";
  return development && !env.SESSION_SECRET?.trim();
}
