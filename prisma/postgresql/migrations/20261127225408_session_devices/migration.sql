-- The devices a user is signed in on (issue 31 item 6), as SQLite's migration of the same
-- name: each session's browser and address at sign-in, and when it was last used.
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "ipAddress" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" TIMESTAMP(3);
