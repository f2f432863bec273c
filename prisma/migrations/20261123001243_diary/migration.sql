-- CreateTable
CREATE TABLE "Dentist" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'dentist',
    "photo" TEXT NOT NULL DEFAULT '',
    "bio" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "userId" TEXT,
    "weeklyPlan" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Dentist_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DentistService" (
    "dentistId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,

    PRIMARY KEY ("dentistId", "productId"),
    CONSTRAINT "DentistService_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DentistService_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DentistException" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dentistId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "dayPlan" TEXT NOT NULL DEFAULT 'null',
    "note" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "DentistException_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Chair" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "ClinicClosure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ClinicSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "timeZone" TEXT NOT NULL DEFAULT 'America/New_York',
    "locale" TEXT NOT NULL DEFAULT 'en-US',
    "gridMinutes" INTEGER NOT NULL DEFAULT 30,
    "weeklyHours" TEXT NOT NULL,
    "minNoticeMinutes" INTEGER NOT NULL DEFAULT 120,
    "horizonDays" INTEGER NOT NULL DEFAULT 90,
    "cancellationCutoffHours" INTEGER NOT NULL DEFAULT 24,
    "maxUpcomingPerPatient" INTEGER NOT NULL DEFAULT 3,
    "reminderRules" TEXT NOT NULL DEFAULT '[{"hoursBefore":48},{"hoursBefore":2}]',
    "quietHoursStart" TEXT NOT NULL DEFAULT '20:00',
    "quietHoursEnd" TEXT NOT NULL DEFAULT '08:00',
    "serviceApprovalRequired" BOOLEAN NOT NULL DEFAULT true,
    "waitlistOfferHours" INTEGER NOT NULL DEFAULT 12,
    "clinicName" TEXT NOT NULL DEFAULT 'Dental Clinic',
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "street" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "region" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AppointmentStatusChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "appointmentId" TEXT NOT NULL,
    "from" TEXT,
    "to" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "byUserId" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "AppointmentStatusChange_appointmentId_fkey" FOREIGN KEY ("appointmentId") REFERENCES "Appointment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AppointmentStatusChange_byUserId_fkey" FOREIGN KEY ("byUserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SlotHold" (
    "resource" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "layer" INTEGER NOT NULL DEFAULT 0,
    "appointmentId" TEXT NOT NULL,
    CONSTRAINT "SlotHold_appointmentId_fkey" FOREIGN KEY ("appointmentId") REFERENCES "Appointment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- An upgraded clinic keeps working as before: the settings row, one dentist working the
-- old opening hours and performing every existing service, and one chair. Existing
-- bookings get both; their instants and holds need the time zone, so
-- scripts/upgrade-data.mjs fills them after this migration (startsAt 1970 marks them).
INSERT INTO "ClinicSettings" ("id", "weeklyHours", "clinicName", "phone", "email", "street", "city", "region", "postalCode", "updatedAt")
VALUES (1, '{"monday":{"start":"09:00","end":"17:00","breaks":[]},"tuesday":{"start":"09:00","end":"17:00","breaks":[]},"wednesday":{"start":"09:00","end":"17:00","breaks":[]},"thursday":{"start":"09:00","end":"17:00","breaks":[]},"friday":{"start":"09:00","end":"17:00","breaks":[]},"saturday":{"start":"09:00","end":"17:00","breaks":[]},"sunday":null}',
  'Dental Clinic', '+1 (555) 010-2040', 'hello@dental-clinic.example', '48 Main Street', 'Springfield', 'MA', '01103', CURRENT_TIMESTAMP);
INSERT INTO "Dentist" ("id", "slug", "name", "title", "kind", "photo", "bio", "active", "sortOrder", "weeklyPlan", "updatedAt")
VALUES ('dentist-first', 'dr-anita-patel', 'Dr. Anita Patel', 'DDS, General and Restorative Dentist', 'dentist', '/images/team/dr-anita-patel.svg',
  'Dr. Patel has looked after families in Springfield for fifteen years, from first check-ups to crowns and root canals.', true, 0,
  '{"monday":{"start":"09:00","end":"17:00","breaks":[]},"tuesday":{"start":"09:00","end":"17:00","breaks":[]},"wednesday":{"start":"09:00","end":"17:00","breaks":[]},"thursday":{"start":"09:00","end":"17:00","breaks":[]},"friday":{"start":"09:00","end":"17:00","breaks":[]},"saturday":{"start":"09:00","end":"17:00","breaks":[]},"sunday":null}',
  CURRENT_TIMESTAMP);
INSERT INTO "Chair" ("id", "name", "active", "sortOrder") VALUES ('chair-1', 'Chair 1', true, 0);
INSERT INTO "DentistService" ("dentistId", "productId") SELECT 'dentist-first', "id" FROM "Product";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "userImage" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "provider" TEXT NOT NULL DEFAULT 'local',
    "googleId" TEXT,
    "role" TEXT NOT NULL DEFAULT 'patient',
    "emailVerifiedAt" DATETIME,
    "phone" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("address", "createdAt", "email", "emailVerifiedAt", "googleId", "id", "name", "passwordHash", "provider", "role", "updatedAt", "userImage") SELECT "address", "createdAt", "email", "emailVerifiedAt", "googleId", "id", "name", "passwordHash", "provider", "role", "updatedAt", "userImage" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_googleId_key" ON "User"("googleId");
CREATE TABLE "new_Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "photo" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "durationMinutes" INTEGER NOT NULL DEFAULT 30,
    "bufferMinutes" INTEGER NOT NULL DEFAULT 0,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'published',
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Product_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Product" ("category", "createdAt", "createdById", "description", "id", "name", "photo", "priceCents", "slug", "updatedAt") SELECT "category", "createdAt", "createdById", "description", "id", "name", "photo", "priceCents", "slug", "updatedAt" FROM "Product";
DROP TABLE "Product";
ALTER TABLE "new_Product" RENAME TO "Product";
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");
CREATE INDEX "Product_createdAt_id_idx" ON "Product"("createdAt" DESC, "id" DESC);
CREATE INDEX "Product_category_priceCents_idx" ON "Product"("category", "priceCents");
CREATE INDEX "Product_priceCents_idx" ON "Product"("priceCents");
CREATE TABLE "new_Appointment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "productId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "time" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "dentistId" TEXT NOT NULL,
    "chairId" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "bufferMinutes" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'booked',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'online',
    "createdById" TEXT,
    "overrideReason" TEXT,
    "cancelReason" TEXT,
    "linkTokenHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Appointment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Appointment_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_chairId_fkey" FOREIGN KEY ("chairId") REFERENCES "Chair" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Appointment" ("createdAt", "date", "email", "id", "message", "name", "phone", "productId", "status", "time", "updatedAt", "userId", "dentistId", "chairId", "startsAt", "endsAt") SELECT "createdAt", "date", "email", "id", "message", "name", "phone", "productId", CASE WHEN "status" = 'cancelled' THEN 'cancelled' ELSE 'booked' END, "time", "updatedAt", "userId", 'dentist-first', 'chair-1', '1970-01-01T00:00:00.000+00:00', '1970-01-01T00:00:00.000+00:00' FROM "Appointment";
DROP TABLE "Appointment";
ALTER TABLE "new_Appointment" RENAME TO "Appointment";
CREATE UNIQUE INDEX "Appointment_linkTokenHash_key" ON "Appointment"("linkTokenHash");
CREATE INDEX "Appointment_startsAt_idx" ON "Appointment"("startsAt");
CREATE INDEX "Appointment_userId_startsAt_idx" ON "Appointment"("userId", "startsAt");
CREATE INDEX "Appointment_dentistId_startsAt_idx" ON "Appointment"("dentistId", "startsAt");
CREATE INDEX "Appointment_status_startsAt_idx" ON "Appointment"("status", "startsAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Dentist_slug_key" ON "Dentist"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Dentist_userId_key" ON "Dentist"("userId");

-- CreateIndex
CREATE INDEX "DentistService_productId_idx" ON "DentistService"("productId");

-- CreateIndex
CREATE INDEX "DentistException_dentistId_startDate_idx" ON "DentistException"("dentistId", "startDate");

-- CreateIndex
CREATE INDEX "ClinicClosure_startDate_idx" ON "ClinicClosure"("startDate");

-- CreateIndex
CREATE INDEX "AppointmentStatusChange_appointmentId_at_idx" ON "AppointmentStatusChange"("appointmentId", "at");

-- CreateIndex
CREATE INDEX "SlotHold_startsAt_idx" ON "SlotHold"("startsAt");

-- CreateIndex
CREATE INDEX "SlotHold_appointmentId_idx" ON "SlotHold"("appointmentId");

-- CreateIndex
CREATE UNIQUE INDEX "SlotHold_resource_startsAt_layer_key" ON "SlotHold"("resource", "startsAt", "layer");

