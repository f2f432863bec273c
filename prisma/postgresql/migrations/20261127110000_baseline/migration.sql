-- The PostgreSQL history starts here, at the schema the SQLite history had reached by
-- 20261127105012_review_rating_index (docs/decisions/051-postgresql.md). Written by
-- `prisma migrate diff --from-empty --to-schema-datamodel prisma/postgresql/schema.prisma
-- --script`, then what the SQLite migrations add by hand, ported below the generated part:
-- the visit's status CHECK, the report days' triggers and the rows a clinic starts with.

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "userImage" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "provider" TEXT NOT NULL DEFAULT 'local',
    "googleId" TEXT,
    "role" TEXT NOT NULL DEFAULT 'patient',
    "emailVerifiedAt" TIMESTAMP(3),
    "phone" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "phoneDigits" TEXT NOT NULL DEFAULT '',
    "dateOfBirth" TEXT NOT NULL DEFAULT '',
    "allergies" TEXT NOT NULL DEFAULT '',
    "conditions" TEXT NOT NULL DEFAULT '',
    "staffNote" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "productId" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "hiddenAt" TIMESTAMP(3),
    "hiddenById" TEXT,
    "status" TEXT NOT NULL DEFAULT 'published',
    "heldFor" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Appointment" (
    "id" TEXT NOT NULL,
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
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "bufferMinutes" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'booked',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'online',
    "createdById" TEXT,
    "overrideReason" TEXT,
    "cancelReason" TEXT,
    "linkTokenHash" TEXT,
    "linkNonce" TEXT,
    "rescheduledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "staffNote" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Appointment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Dentist" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Dentist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DentistService" (
    "dentistId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,

    CONSTRAINT "DentistService_pkey" PRIMARY KEY ("dentistId","productId")
);

-- CreateTable
CREATE TABLE "DentistException" (
    "id" TEXT NOT NULL,
    "dentistId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "dayPlan" TEXT NOT NULL DEFAULT 'null',
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "DentistException_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Chair" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Chair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClinicClosure" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,

    CONSTRAINT "ClinicClosure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClinicSettings" (
    "id" INTEGER NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'America/New_York',
    "locale" TEXT NOT NULL DEFAULT 'en-US',
    "gridMinutes" INTEGER NOT NULL DEFAULT 30,
    "weeklyHours" TEXT NOT NULL,
    "minNoticeMinutes" INTEGER NOT NULL DEFAULT 120,
    "horizonDays" INTEGER NOT NULL DEFAULT 90,
    "cancellationCutoffHours" INTEGER NOT NULL DEFAULT 24,
    "maxUpcomingPerPatient" INTEGER NOT NULL DEFAULT 3,
    "maxVisitsPerDentistPerDay" INTEGER NOT NULL DEFAULT 0,
    "reminderRules" TEXT NOT NULL DEFAULT '[{"hoursBefore":48},{"hoursBefore":2}]',
    "quietHoursStart" TEXT NOT NULL DEFAULT '20:00',
    "quietHoursEnd" TEXT NOT NULL DEFAULT '08:00',
    "serviceApprovalRequired" BOOLEAN NOT NULL DEFAULT true,
    "reviewApprovalRequired" BOOLEAN NOT NULL DEFAULT true,
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
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClinicSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppointmentStatusChange" (
    "id" TEXT NOT NULL,
    "appointmentId" TEXT NOT NULL,
    "from" TEXT,
    "to" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "byUserId" TEXT,
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "AppointmentStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SlotHold" (
    "resource" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "layer" INTEGER NOT NULL DEFAULT 0,
    "appointmentId" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailVerification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "claim" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailVerification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorRole" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT,
    "patientId" TEXT,
    "summary" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "calendar" TEXT,
    "calendarMethod" TEXT,
    "userId" TEXT,
    "appointmentId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WaitlistEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "dentistId" TEXT,
    "fromDate" TEXT NOT NULL,
    "toDate" TEXT NOT NULL,
    "partOfDay" TEXT NOT NULL DEFAULT 'any',
    "phone" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WaitlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WaitlistOffer" (
    "id" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "dentistId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "respondedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WaitlistOffer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PendingDataUpgrade" (
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingDataUpgrade_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "RecallType" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "intervalMonths" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PatientRecall" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "recallTypeId" TEXT NOT NULL,
    "productId" TEXT,
    "dentistId" TEXT,
    "intervalMonths" INTEGER,
    "dueDate" TEXT NOT NULL,
    "lastVisitDate" TEXT,
    "invitationsSent" INTEGER NOT NULL DEFAULT 0,
    "nextInvitationOn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PatientRecall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecallInvitation" (
    "id" TEXT NOT NULL,
    "recallId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "dueDate" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "sentOn" TEXT NOT NULL,
    "dentistId" TEXT,
    "convertedAt" TIMESTAMP(3),
    "appointmentId" TEXT,

    CONSTRAINT "RecallInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecallCall" (
    "id" TEXT NOT NULL,
    "recallId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "byUserId" TEXT,
    "outcome" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "RecallCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecallOptOut" (
    "userId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecallOptOut_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "ReportDirtyDay" (
    "date" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ReportDirtyDay_pkey" PRIMARY KEY ("date")
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

    CONSTRAINT "ReportDay_pkey" PRIMARY KEY ("date","dentistId","chairId")
);

-- CreateTable
CREATE TABLE "ReportPeriod" (
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
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

    CONSTRAINT "ReportPeriod_pkey" PRIMARY KEY ("kind","period","dentistId","chairId")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_googleId_key" ON "User"("googleId");

-- CreateIndex
CREATE INDEX "User_dateOfBirth_idx" ON "User"("dateOfBirth");

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");

-- CreateIndex
CREATE INDEX "Product_createdAt_id_idx" ON "Product"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Product_category_priceCents_idx" ON "Product"("category", "priceCents");

-- CreateIndex
CREATE INDEX "Product_priceCents_idx" ON "Product"("priceCents");

-- CreateIndex
CREATE INDEX "Review_productId_createdAt_idx" ON "Review"("productId", "createdAt");

-- CreateIndex
CREATE INDEX "Review_userId_productId_idx" ON "Review"("userId", "productId");

-- CreateIndex
CREATE INDEX "Review_createdAt_idx" ON "Review"("createdAt");

-- CreateIndex
CREATE INDEX "Review_status_createdAt_idx" ON "Review"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Review_productId_status_hidden_rating_idx" ON "Review"("productId", "status", "hidden", "rating");

-- CreateIndex
CREATE UNIQUE INDEX "Appointment_linkTokenHash_key" ON "Appointment"("linkTokenHash");

-- CreateIndex
CREATE INDEX "Appointment_startsAt_idx" ON "Appointment"("startsAt");

-- CreateIndex
CREATE INDEX "Appointment_userId_startsAt_idx" ON "Appointment"("userId", "startsAt");

-- CreateIndex
CREATE INDEX "Appointment_dentistId_startsAt_idx" ON "Appointment"("dentistId", "startsAt");

-- CreateIndex
CREATE INDEX "Appointment_status_startsAt_idx" ON "Appointment"("status", "startsAt");

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

-- CreateIndex
CREATE UNIQUE INDEX "PasswordReset_tokenHash_key" ON "PasswordReset"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "EmailVerification_tokenHash_key" ON "EmailVerification"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailVerification_userId_createdAt_idx" ON "EmailVerification"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_patientId_at_id_idx" ON "AuditEntry"("patientId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_at_id_idx" ON "AuditEntry"("actorId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_at_id_idx" ON "AuditEntry"("at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_dedupeKey_key" ON "OutboxMessage"("dedupeKey");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_lockedUntil_idx" ON "OutboxMessage"("status", "lockedUntil");

-- CreateIndex
CREATE INDEX "OutboxMessage_userId_idx" ON "OutboxMessage"("userId");

-- CreateIndex
CREATE INDEX "OutboxMessage_appointmentId_idx" ON "OutboxMessage"("appointmentId");

-- CreateIndex
CREATE INDEX "WaitlistEntry_userId_status_idx" ON "WaitlistEntry"("userId", "status");

-- CreateIndex
CREATE INDEX "WaitlistEntry_status_fromDate_toDate_partOfDay_productId_idx" ON "WaitlistEntry"("status", "fromDate", "toDate", "partOfDay", "productId");

-- CreateIndex
CREATE INDEX "WaitlistEntry_productId_status_createdAt_idx" ON "WaitlistEntry"("productId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistOffer_tokenHash_key" ON "WaitlistOffer"("tokenHash");

-- CreateIndex
CREATE INDEX "WaitlistOffer_entryId_status_idx" ON "WaitlistOffer"("entryId", "status");

-- CreateIndex
CREATE INDEX "WaitlistOffer_startsAt_status_idx" ON "WaitlistOffer"("startsAt", "status");

-- CreateIndex
CREATE INDEX "WaitlistOffer_status_expiresAt_idx" ON "WaitlistOffer"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "WaitlistOffer_dentistId_idx" ON "WaitlistOffer"("dentistId");

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

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_recallTypeId_fkey" FOREIGN KEY ("recallTypeId") REFERENCES "RecallType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_chairId_fkey" FOREIGN KEY ("chairId") REFERENCES "Chair"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dentist" ADD CONSTRAINT "Dentist_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DentistService" ADD CONSTRAINT "DentistService_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DentistService" ADD CONSTRAINT "DentistService_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DentistException" ADD CONSTRAINT "DentistException_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppointmentStatusChange" ADD CONSTRAINT "AppointmentStatusChange_appointmentId_fkey" FOREIGN KEY ("appointmentId") REFERENCES "Appointment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppointmentStatusChange" ADD CONSTRAINT "AppointmentStatusChange_byUserId_fkey" FOREIGN KEY ("byUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SlotHold" ADD CONSTRAINT "SlotHold_appointmentId_fkey" FOREIGN KEY ("appointmentId") REFERENCES "Appointment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailVerification" ADD CONSTRAINT "EmailVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistOffer" ADD CONSTRAINT "WaitlistOffer_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "WaitlistEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistOffer" ADD CONSTRAINT "WaitlistOffer_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PatientRecall" ADD CONSTRAINT "PatientRecall_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PatientRecall" ADD CONSTRAINT "PatientRecall_recallTypeId_fkey" FOREIGN KEY ("recallTypeId") REFERENCES "RecallType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PatientRecall" ADD CONSTRAINT "PatientRecall_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PatientRecall" ADD CONSTRAINT "PatientRecall_dentistId_fkey" FOREIGN KEY ("dentistId") REFERENCES "Dentist"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecallInvitation" ADD CONSTRAINT "RecallInvitation_recallId_fkey" FOREIGN KEY ("recallId") REFERENCES "PatientRecall"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecallCall" ADD CONSTRAINT "RecallCall_recallId_fkey" FOREIGN KEY ("recallId") REFERENCES "PatientRecall"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecallOptOut" ADD CONSTRAINT "RecallOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A status the database checks (SQLite: 20261125065217_booking_core;
-- tests/integration/booking-core.test.ts).
ALTER TABLE "Appointment" ADD CONSTRAINT "Appointment_status_check"
    CHECK ("status" IN ('booked', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'));

-- Report figures are kept per day (docs/decisions/036-reports.md): any write that changes
-- what a day's figures are made of marks the day, whichever code path makes it (SQLite:
-- 20261125064702_recall_and_reports; tests/integration/report-summary.test.ts).
CREATE FUNCTION "Appointment_report_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO "ReportDirtyDay" AS d ("date", "version") VALUES (OLD."date", 1)
            ON CONFLICT ("date") DO UPDATE SET "version" = d."version" + 1;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO "ReportDirtyDay" AS d ("date", "version") VALUES (NEW."date", 1)
            ON CONFLICT ("date") DO UPDATE SET "version" = d."version" + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER "Appointment_report_insert" AFTER INSERT ON "Appointment"
    FOR EACH ROW EXECUTE FUNCTION "Appointment_report_dirty"();
CREATE TRIGGER "Appointment_report_update"
    AFTER UPDATE OF "date", "status", "dentistId", "chairId", "startsAt", "endsAt", "userId" ON "Appointment"
    FOR EACH ROW EXECUTE FUNCTION "Appointment_report_dirty"();
CREATE TRIGGER "Appointment_report_delete" AFTER DELETE ON "Appointment"
    FOR EACH ROW EXECUTE FUNCTION "Appointment_report_dirty"();

-- The rows a clinic starts with (SQLite: 20261123001243_diary and
-- 20261125064702_recall_and_reports): the settings row, one dentist, one chair and the
-- recall types; the seed adds the rest.
INSERT INTO "ClinicSettings" ("id", "weeklyHours", "clinicName", "phone", "email", "street", "city", "region", "postalCode", "updatedAt")
VALUES (1, '{"monday":{"start":"09:00","end":"17:00","breaks":[]},"tuesday":{"start":"09:00","end":"17:00","breaks":[]},"wednesday":{"start":"09:00","end":"17:00","breaks":[]},"thursday":{"start":"09:00","end":"17:00","breaks":[]},"friday":{"start":"09:00","end":"17:00","breaks":[]},"saturday":{"start":"09:00","end":"17:00","breaks":[]},"sunday":null}',
  'Dental Clinic', '+1 (555) 010-2040', 'hello@dental-clinic.example', '48 Main Street', 'Springfield', 'MA', '01103', CURRENT_TIMESTAMP);
INSERT INTO "Dentist" ("id", "slug", "name", "title", "kind", "photo", "bio", "active", "sortOrder", "weeklyPlan", "updatedAt")
VALUES ('dentist-first', 'dr-anita-patel', 'Dr. Anita Patel', 'DDS, General and Restorative Dentist', 'dentist', '/images/team/dr-anita-patel.svg',
  'Dr. Patel has looked after families in Springfield for fifteen years, from first check-ups to crowns and root canals.', true, 0,
  '{"monday":{"start":"09:00","end":"17:00","breaks":[]},"tuesday":{"start":"09:00","end":"17:00","breaks":[]},"wednesday":{"start":"09:00","end":"17:00","breaks":[]},"thursday":{"start":"09:00","end":"17:00","breaks":[]},"friday":{"start":"09:00","end":"17:00","breaks":[]},"saturday":{"start":"09:00","end":"17:00","breaks":[]},"sunday":null}',
  CURRENT_TIMESTAMP);
INSERT INTO "Chair" ("id", "name", "active", "sortOrder") VALUES ('chair-1', 'Chair 1', true, 0);
INSERT INTO "RecallType" ("id", "name", "intervalMonths", "sortOrder", "updatedAt") VALUES
    ('recall-checkup', 'Check-up', 6, 1, CURRENT_TIMESTAMP),
    ('recall-hygiene', 'Hygiene', 6, 2, CURRENT_TIMESTAMP),
    ('recall-periodontal', 'Periodontal', 3, 3, CURRENT_TIMESTAMP),
    ('recall-child-checkup', 'Child check-up', 6, 4, CURRENT_TIMESTAMP);
