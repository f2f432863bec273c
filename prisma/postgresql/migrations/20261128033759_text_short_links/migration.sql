-- A text's short link to its visit, as SQLite's migration of the same name.
-- AlterTable
ALTER TABLE "Appointment" ADD COLUMN "textLinkHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Appointment_textLinkHash_key" ON "Appointment"("textLinkHash");
