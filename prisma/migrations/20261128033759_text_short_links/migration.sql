-- AlterTable
ALTER TABLE "Appointment" ADD COLUMN "textLinkHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Appointment_textLinkHash_key" ON "Appointment"("textLinkHash");

