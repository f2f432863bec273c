-- AlterTable
ALTER TABLE "Appointment" ADD COLUMN "rescheduledAt" DATETIME;

