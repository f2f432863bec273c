-- The devices a user is signed in on (issue 31 item 6): each session's browser and address
-- at sign-in, and when it was last used. Added in place: no rebuild of the Session table.
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "ipAddress" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" DATETIME;
