-- CreateTable
CREATE TABLE "RecallType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "intervalMonths" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PatientRecall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "recallTypeId" TEXT NOT NULL,
    "productId" TEXT,
    "dentistId" TEXT,
    "intervalMonths" INTEGER,
    "dueDate" TEXT NOT NULL,
    "lastVisitDate" TEXT,
    "invitationsSent" INTEGER NOT NULL DEFAULT 0,
    "nextInvitationOn" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PatientRecall_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PatientRecall_recallTypeId_fkey" FOREIGN KEY ("recallTypeId") REFERENCES "RecallType" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "PatientRecall_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "PatientRecall_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RecallInvitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recallId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "dueDate" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL,
    "sentOn" TEXT NOT NULL,
    "dentistId" TEXT,
    "convertedAt" DATETIME,
    "appointmentId" TEXT,
    CONSTRAINT "RecallInvitation_recallId_fkey" FOREIGN KEY ("recallId") REFERENCES "PatientRecall" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RecallCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recallId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "byUserId" TEXT,
    "outcome" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "RecallCall_recallId_fkey" FOREIGN KEY ("recallId") REFERENCES "PatientRecall" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RecallOptOut" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL,
    CONSTRAINT "RecallOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReportDirtyDay" (
    "date" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 1
);

-- CreateTable
CREATE TABLE "ReportDay" (
    "date" TEXT NOT NULL,
    "week" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "dentistId" TEXT NOT NULL,
    "chairId" TEXT NOT NULL,
    "scheduled" INTEGER NOT NULL DEFAULT 0,
    "attended" INTEGER NOT NULL DEFAULT 0,
    "noShows" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "lateCancelled" INTEGER NOT NULL DEFAULT 0,
    "bookedMinutes" INTEGER NOT NULL DEFAULT 0,
    "newPatients" INTEGER NOT NULL DEFAULT 0,
    "returningVisits" INTEGER NOT NULL DEFAULT 0,
    "offeredTimes" INTEGER NOT NULL DEFAULT 0,
    "refilledTimes" INTEGER NOT NULL DEFAULT 0,
    "invitations" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("date", "dentistId", "chairId")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "recallTypeId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Product_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Product_recallTypeId_fkey" FOREIGN KEY ("recallTypeId") REFERENCES "RecallType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Product" ("bufferMinutes", "category", "createdAt", "createdById", "description", "durationMinutes", "hidden", "id", "name", "photo", "priceCents", "slug", "status", "updatedAt") SELECT "bufferMinutes", "category", "createdAt", "createdById", "description", "durationMinutes", "hidden", "id", "name", "photo", "priceCents", "slug", "status", "updatedAt" FROM "Product";
DROP TABLE "Product";
ALTER TABLE "new_Product" RENAME TO "Product";
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");
CREATE INDEX "Product_createdAt_id_idx" ON "Product"("createdAt" DESC, "id" DESC);
CREATE INDEX "Product_category_priceCents_idx" ON "Product"("category", "priceCents");
CREATE INDEX "Product_priceCents_idx" ON "Product"("priceCents");
CREATE TABLE "new_ClinicSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "recallCadenceDays" TEXT NOT NULL DEFAULT '[-28,0,14,42]',
    "recallDailyCap" INTEGER NOT NULL DEFAULT 40,
    "clinicName" TEXT NOT NULL DEFAULT 'Dental Clinic',
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "street" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "region" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_ClinicSettings" ("cancellationCutoffHours", "city", "clinicName", "email", "gridMinutes", "horizonDays", "id", "locale", "maxUpcomingPerPatient", "minNoticeMinutes", "phone", "postalCode", "quietHoursEnd", "quietHoursStart", "region", "reminderRules", "serviceApprovalRequired", "street", "timeZone", "updatedAt", "waitlistOfferHours", "weeklyHours") SELECT "cancellationCutoffHours", "city", "clinicName", "email", "gridMinutes", "horizonDays", "id", "locale", "maxUpcomingPerPatient", "minNoticeMinutes", "phone", "postalCode", "quietHoursEnd", "quietHoursStart", "region", "reminderRules", "serviceApprovalRequired", "street", "timeZone", "updatedAt", "waitlistOfferHours", "weeklyHours" FROM "ClinicSettings";
DROP TABLE "ClinicSettings";
ALTER TABLE "new_ClinicSettings" RENAME TO "ClinicSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "RecallType_name_key" ON "RecallType"("name");

-- CreateIndex
CREATE INDEX "PatientRecall_nextInvitationOn_idx" ON "PatientRecall"("nextInvitationOn");

-- CreateIndex
CREATE INDEX "PatientRecall_dueDate_idx" ON "PatientRecall"("dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "PatientRecall_userId_recallTypeId_key" ON "PatientRecall"("userId", "recallTypeId");

-- CreateIndex
CREATE INDEX "RecallInvitation_sentOn_idx" ON "RecallInvitation"("sentOn");

-- CreateIndex
CREATE INDEX "RecallInvitation_recallId_sentAt_idx" ON "RecallInvitation"("recallId", "sentAt");

-- CreateIndex
CREATE UNIQUE INDEX "RecallInvitation_recallId_dueDate_step_key" ON "RecallInvitation"("recallId", "dueDate", "step");

-- CreateIndex
CREATE INDEX "RecallCall_recallId_at_idx" ON "RecallCall"("recallId", "at");


-- The recall types a clinic starts with (docs/decisions/035-recall.md); the admin keeps them.
INSERT INTO "RecallType" ("id", "name", "intervalMonths", "sortOrder", "updatedAt") VALUES
    ('recall-checkup', 'Check-up', 6, 1, CURRENT_TIMESTAMP),
    ('recall-hygiene', 'Hygiene', 6, 2, CURRENT_TIMESTAMP),
    ('recall-periodontal', 'Periodontal', 3, 3, CURRENT_TIMESTAMP),
    ('recall-child-checkup', 'Child check-up', 6, 4, CURRENT_TIMESTAMP);
UPDATE "Product" SET "recallTypeId" = 'recall-checkup' WHERE "slug" = 'dental-checkup';
UPDATE "Product" SET "recallTypeId" = 'recall-hygiene' WHERE "slug" = 'teeth-cleaning';
UPDATE "Product" SET "recallTypeId" = 'recall-periodontal' WHERE "slug" = 'gum-disease-treatment';
UPDATE "Product" SET "recallTypeId" = 'recall-child-checkup' WHERE "slug" = 'fluoride-varnish';

-- Report figures are kept per day (docs/decisions/036-reports.md). Any write that changes
-- what a day's figures are made of marks the day, whichever code path makes it; the report
-- works the marked days out again from the visits and their status history. Keep these
-- triggers: a migration that rebuilds "Appointment" drops them and must create them again
-- (tests/integration/report-summary.test.ts fails without them).
CREATE TRIGGER "Appointment_report_insert" AFTER INSERT ON "Appointment" BEGIN
    INSERT INTO "ReportDirtyDay" ("date", "version") VALUES (NEW."date", 1)
        ON CONFLICT ("date") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "Appointment_report_update" AFTER UPDATE OF "date", "status", "dentistId", "chairId", "startsAt", "endsAt", "userId" ON "Appointment" BEGIN
    INSERT INTO "ReportDirtyDay" ("date", "version") VALUES (OLD."date", 1)
        ON CONFLICT ("date") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "ReportDirtyDay" ("date", "version") VALUES (NEW."date", 1)
        ON CONFLICT ("date") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "Appointment_report_delete" AFTER DELETE ON "Appointment" BEGIN
    INSERT INTO "ReportDirtyDay" ("date", "version") VALUES (OLD."date", 1)
        ON CONFLICT ("date") DO UPDATE SET "version" = "version" + 1;
END;
-- Every day that already has visits is worked out once.
INSERT INTO "ReportDirtyDay" ("date", "version") SELECT DISTINCT "date", 1 FROM "Appointment" WHERE true
    ON CONFLICT ("date") DO NOTHING;
