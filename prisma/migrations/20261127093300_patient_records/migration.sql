-- Patient records (docs/decisions/042-patient-records-and-merges.md): date of birth, medical
-- alerts and the clinic's note on the patient. New columns with defaults: added in place,
-- no rebuild of the User table.
ALTER TABLE "User" ADD COLUMN "dateOfBirth" TEXT NOT NULL DEFAULT '';
ALTER TABLE "User" ADD COLUMN "allergies" TEXT NOT NULL DEFAULT '';
ALTER TABLE "User" ADD COLUMN "conditions" TEXT NOT NULL DEFAULT '';
ALTER TABLE "User" ADD COLUMN "staffNote" TEXT NOT NULL DEFAULT '';
CREATE INDEX "User_dateOfBirth_idx" ON "User"("dateOfBirth");
