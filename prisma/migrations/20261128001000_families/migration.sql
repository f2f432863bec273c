-- AlterTable
ALTER TABLE "Product" ADD COLUMN "maxAgeYears" INTEGER;
ALTER TABLE "Product" ADD COLUMN "minAgeYears" INTEGER;

-- CreateTable
CREATE TABLE "GuardianLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guardianId" TEXT NOT NULL,
    "dependantId" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "mayBook" BOOLEAN NOT NULL DEFAULT true,
    "receivesMessages" BOOLEAN NOT NULL DEFAULT true,
    "mayFillForms" BOOLEAN NOT NULL DEFAULT true,
    "maySeeVisits" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    CONSTRAINT "GuardianLink_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GuardianLink_dependantId_fkey" FOREIGN KEY ("dependantId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (an added column needs no rebuild of the settings row's table)
ALTER TABLE "ClinicSettings" ADD COLUMN "ownAccountAge" INTEGER NOT NULL DEFAULT 16;

-- CreateIndex
CREATE INDEX "GuardianLink_dependantId_endedAt_idx" ON "GuardianLink"("dependantId", "endedAt");

-- CreateIndex
CREATE UNIQUE INDEX "GuardianLink_guardianId_dependantId_key" ON "GuardianLink"("guardianId", "dependantId");

