-- Medical history and consent forms (docs/decisions/050-medical-history-and-consent-forms.md),
-- as SQLite's migration of the same name.
-- CreateTable
CREATE TABLE "FormTemplate" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'consent',
    "audience" TEXT NOT NULL DEFAULT 'all',
    "productId" TEXT,
    "frequency" TEXT NOT NULL DEFAULT 'visit',
    "everyMonths" INTEGER NOT NULL DEFAULT 12,
    "minAge" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormVersion" (
    "id" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "intro" TEXT NOT NULL DEFAULT '',
    "questions" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "patientId" TEXT,
    "patientName" TEXT NOT NULL,
    "patientDateOfBirth" TEXT NOT NULL DEFAULT '',
    "appointmentId" TEXT,
    "filledById" TEXT,
    "channel" TEXT NOT NULL DEFAULT 'online',
    "answers" TEXT NOT NULL,
    "signatureName" TEXT NOT NULL,
    "signatureDrawing" TEXT,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ipAddress" TEXT NOT NULL DEFAULT '',
    "userAgent" TEXT NOT NULL DEFAULT '',
    "keptUntil" TEXT,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormReview" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "reviewerId" TEXT,
    "reviewerRole" TEXT NOT NULL,
    "reviewerName" TEXT NOT NULL,
    "reviewedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "alerts" TEXT NOT NULL DEFAULT '[]',
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "FormReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KioskSession" (
    "id" TEXT NOT NULL,
    "patientId" TEXT NOT NULL,
    "appointmentId" TEXT,
    "openedById" TEXT NOT NULL,
    "codeHash" TEXT,
    "tokenHash" TEXT,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" TIMESTAMP(3),

    CONSTRAINT "KioskSession_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "ClinicSettings" ADD COLUMN "formRetentionYears" INTEGER NOT NULL DEFAULT 10;

-- CreateIndex
CREATE UNIQUE INDEX "FormVersion_templateId_number_key" ON "FormVersion"("templateId", "number");

-- CreateIndex
CREATE INDEX "FormSubmission_patientId_templateId_submittedAt_idx" ON "FormSubmission"("patientId", "templateId", "submittedAt");

-- CreateIndex
CREATE INDEX "FormSubmission_keptUntil_idx" ON "FormSubmission"("keptUntil");

-- CreateIndex
CREATE UNIQUE INDEX "FormReview_submissionId_key" ON "FormReview"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "KioskSession_codeHash_key" ON "KioskSession"("codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "KioskSession_tokenHash_key" ON "KioskSession"("tokenHash");

-- CreateIndex
CREATE INDEX "KioskSession_patientId_idx" ON "KioskSession"("patientId");

-- CreateIndex
CREATE INDEX "KioskSession_expiresAt_idx" ON "KioskSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "FormTemplate" ADD CONSTRAINT "FormTemplate_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormVersion" ADD CONSTRAINT "FormVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "FormTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "FormTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "FormVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_patientId_fkey" FOREIGN KEY ("patientId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormReview" ADD CONSTRAINT "FormReview_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "FormSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KioskSession" ADD CONSTRAINT "KioskSession_patientId_fkey" FOREIGN KEY ("patientId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A signed form is kept as it was signed: only the link to the patient's account may change
-- (a merge moves it, a deletion empties it and sets how long the clinic keeps it). The same
-- message as SQLite's RAISE(ABORT).
CREATE FUNCTION "form_submission_signed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A signed form is never changed: a correction is a new submission';
END
$$;
CREATE TRIGGER "FormSubmission_signed" BEFORE UPDATE OF "templateId", "versionId", "patientName", "patientDateOfBirth", "appointmentId", "filledById", "channel", "answers", "signatureName", "signatureDrawing", "submittedAt", "ipAddress", "userAgent" ON "FormSubmission" FOR EACH ROW EXECUTE FUNCTION "form_submission_signed"();

-- The clinic's three forms (medical history, treatment consent, privacy consent), written by
-- the app's own code (app/models/forms/seed-templates.ts) before the server starts.
INSERT INTO "PendingDataUpgrade" ("name") VALUES ('form-templates');

-- The forms' data area (docs/decisions/046-one-cache-rule.md): the active forms and the diary's
-- history states are cached while its generation stays where it was.
INSERT INTO "CacheGeneration" ("area") VALUES ('forms');
CREATE TRIGGER "FormTemplate_generation_insert" AFTER INSERT ON "FormTemplate" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormTemplate_generation_update" AFTER UPDATE ON "FormTemplate" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormTemplate_generation_delete" AFTER DELETE ON "FormTemplate" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormVersion_generation_insert" AFTER INSERT ON "FormVersion" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormVersion_generation_update" AFTER UPDATE ON "FormVersion" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormVersion_generation_delete" AFTER DELETE ON "FormVersion" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormSubmission_generation_insert" AFTER INSERT ON "FormSubmission" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormSubmission_generation_update" AFTER UPDATE ON "FormSubmission" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormSubmission_generation_delete" AFTER DELETE ON "FormSubmission" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormReview_generation_insert" AFTER INSERT ON "FormReview" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormReview_generation_update" AFTER UPDATE ON "FormReview" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
CREATE TRIGGER "FormReview_generation_delete" AFTER DELETE ON "FormReview" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('forms');
