-- AlterTable
ALTER TABLE "Appointment" ADD COLUMN "linkNonce" TEXT;

