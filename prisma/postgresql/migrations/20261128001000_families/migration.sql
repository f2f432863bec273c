-- Families (docs/decisions/049-families.md), as SQLite's migration of the same name.
-- AlterTable
ALTER TABLE "Product" ADD COLUMN "maxAgeYears" INTEGER,
ADD COLUMN "minAgeYears" INTEGER;

-- AlterTable
ALTER TABLE "ClinicSettings" ADD COLUMN "ownAccountAge" INTEGER NOT NULL DEFAULT 16;

-- CreateTable
CREATE TABLE "GuardianLink" (
    "id" TEXT NOT NULL,
    "guardianId" TEXT NOT NULL,
    "dependantId" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "mayBook" BOOLEAN NOT NULL DEFAULT true,
    "receivesMessages" BOOLEAN NOT NULL DEFAULT true,
    "mayFillForms" BOOLEAN NOT NULL DEFAULT true,
    "maySeeVisits" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "GuardianLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GuardianLink_dependantId_endedAt_idx" ON "GuardianLink"("dependantId", "endedAt");

-- CreateIndex
CREATE UNIQUE INDEX "GuardianLink_guardianId_dependantId_key" ON "GuardianLink"("guardianId", "dependantId");

-- AddForeignKey
ALTER TABLE "GuardianLink" ADD CONSTRAINT "GuardianLink_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianLink" ADD CONSTRAINT "GuardianLink_dependantId_fkey" FOREIGN KEY ("dependantId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
