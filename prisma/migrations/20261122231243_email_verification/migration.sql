-- AlterTable
ALTER TABLE "User" ADD COLUMN "emailVerifiedAt" DATETIME;

-- CreateTable
CREATE TABLE "EmailVerification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "pendingName" TEXT,
    "pendingUserImage" TEXT,
    "pendingPasswordHash" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PasswordReset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PasswordReset" ("createdAt", "expiresAt", "id", "tokenHash", "usedAt", "userId") SELECT "createdAt", "expiresAt", "id", "tokenHash", "usedAt", "userId" FROM "PasswordReset";
DROP TABLE "PasswordReset";
ALTER TABLE "new_PasswordReset" RENAME TO "PasswordReset";
CREATE UNIQUE INDEX "PasswordReset_tokenHash_key" ON "PasswordReset"("tokenHash");
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailVerification_tokenHash_key" ON "EmailVerification"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailVerification_userId_createdAt_idx" ON "EmailVerification"("userId", "createdAt");


-- Existing accounts (docs/decisions/008-email-ownership.md). Nobody has proven an address
-- yet, so local accounts start unverified (they can ask for a link). Google proved the
-- address of every account it created or was linked to, so those are verified; but a
-- linked account's password was set before anyone proved the address and may be a
-- stranger's (issue 9.1): it is removed and the account's sessions and API tokens end, as
-- linking does from now on. Its owner signs in with Google or sets a password through a
-- reset link.
UPDATE "User" SET "emailVerifiedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
WHERE "googleId" IS NOT NULL;
DELETE FROM "Session" WHERE "userId" IN (
    SELECT "id" FROM "User" WHERE "googleId" IS NOT NULL AND "passwordHash" IS NOT NULL
);
UPDATE "User" SET "passwordHash" = NULL WHERE "googleId" IS NOT NULL AND "passwordHash" IS NOT NULL;
