-- The booking core (issue 22, docs/decisions/027-one-booking-core.md).

-- Data changes that need the app's code, run by scripts/upgrade-data.mjs before serving.
CREATE TABLE "PendingDataUpgrade" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The patient's phone by its digits alone, for the desk's search.
ALTER TABLE "User" ADD COLUMN "phoneDigits" TEXT NOT NULL DEFAULT '';
UPDATE "User" SET "phoneDigits" = replace(replace(replace(replace(replace(replace(replace(
  "phone", ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), char(9), '');

-- Appointment: the staff's private note, and a status the database checks (SQLite adds a
-- CHECK only by rebuilding the table). A later migration that rebuilds this table must
-- keep the CHECK (tests/integration/booking-core.test.ts fails without it) and the report
-- triggers (tests/integration/reports.test.ts).
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "status" TEXT NOT NULL DEFAULT 'booked'
        CHECK ("status" IN ('booked', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show')),
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'online',
    "createdById" TEXT,
    "overrideReason" TEXT,
    "cancelReason" TEXT,
    "linkTokenHash" TEXT,
    "linkNonce" TEXT,
    "rescheduledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "staffNote" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "Appointment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Appointment_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_chairId_fkey" FOREIGN KEY ("chairId") REFERENCES "Chair" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Appointment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Appointment" ("bufferMinutes", "cancelReason", "chairId", "createdAt", "createdById", "date", "dentistId", "email", "endsAt", "id", "linkNonce", "linkTokenHash", "message", "name", "overrideReason", "phone", "productId", "rescheduledAt", "sequence", "source", "startsAt", "status", "time", "updatedAt", "userId") SELECT "bufferMinutes", "cancelReason", "chairId", "createdAt", "createdById", "date", "dentistId", "email", "endsAt", "id", "linkNonce", "linkTokenHash", "message", "name", "overrideReason", "phone", "productId", "rescheduledAt", "sequence", "source", "startsAt", "status", "time", "updatedAt", "userId" FROM "Appointment";
-- What the desk typed as "Note for the visit" was stored as the patient's message.
UPDATE "new_Appointment" SET "staffNote" = "message", "message" = '' WHERE "source" = 'staff';
DROP TABLE "Appointment";
ALTER TABLE "new_Appointment" RENAME TO "Appointment";
CREATE UNIQUE INDEX "Appointment_linkTokenHash_key" ON "Appointment"("linkTokenHash");
CREATE INDEX "Appointment_startsAt_idx" ON "Appointment"("startsAt");
CREATE INDEX "Appointment_userId_startsAt_idx" ON "Appointment"("userId", "startsAt");
CREATE INDEX "Appointment_dentistId_startsAt_idx" ON "Appointment"("dentistId", "startsAt");
CREATE INDEX "Appointment_status_startsAt_idx" ON "Appointment"("status", "startsAt");
-- The rebuild dropped the report triggers (20261125064702_recall_and_reports): the same again.
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
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Holds become 15-minute steps derived from each visit (start, end, buffer): the upgrade
-- rewrites the holds of the visits that have any, through the booking core's writer.
INSERT INTO "PendingDataUpgrade" ("name") SELECT 'slot-holds-15-minutes' WHERE EXISTS (SELECT 1 FROM "SlotHold");
