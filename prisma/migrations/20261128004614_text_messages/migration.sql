-- Text messages (docs/decisions/052-text-messages.md). Written as ADD COLUMN rather than
-- Prisma's table rebuild, so the tables keep their cache-generation triggers (ADR 046).

-- A patient's mobile number and answer on texts.
ALTER TABLE "User" ADD COLUMN "mobile" TEXT NOT NULL DEFAULT '';
ALTER TABLE "User" ADD COLUMN "smsConsent" TEXT NOT NULL DEFAULT 'unasked';
ALTER TABLE "User" ADD COLUMN "smsConsentAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "smsConsentBy" TEXT NOT NULL DEFAULT '';
CREATE INDEX "User_mobile_idx" ON "User"("mobile");

-- A visit whose patient asked by text to be called back.
ALTER TABLE "Appointment" ADD COLUMN "callBackAt" DATETIME;

-- How each kind of message goes, and the monthly cap on texts.
ALTER TABLE "ClinicSettings" ADD COLUMN "messageChannels" TEXT NOT NULL DEFAULT '{"reminder":"both","waitlist_offer":"both"}';
ALTER TABLE "ClinicSettings" ADD COLUMN "smsMonthlyCap" INTEGER NOT NULL DEFAULT 1000;

-- The outbox's second channel.
ALTER TABLE "OutboxMessage" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'email';
ALTER TABLE "OutboxMessage" ADD COLUMN "expiresAt" DATETIME;
ALTER TABLE "OutboxMessage" ADD COLUMN "providerId" TEXT;
ALTER TABLE "OutboxMessage" ADD COLUMN "deliveryStatus" TEXT;
ALTER TABLE "OutboxMessage" ADD COLUMN "deliveredAt" DATETIME;
CREATE UNIQUE INDEX "OutboxMessage_providerId_key" ON "OutboxMessage"("providerId");
CREATE INDEX "OutboxMessage_channel_sentAt_idx" ON "OutboxMessage"("channel", "sentAt");
CREATE INDEX "OutboxMessage_channel_toAddress_idx" ON "OutboxMessage"("channel", "toAddress");

-- Texts sent to the clinic.
CREATE TABLE "SmsInbound" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "messageSid" TEXT NOT NULL,
    "fromNumber" TEXT NOT NULL,
    "toNumber" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "keyword" TEXT,
    "userId" TEXT,
    "appointmentId" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "handledAt" DATETIME,
    "handledById" TEXT,
    CONSTRAINT "SmsInbound_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "SmsInbound_messageSid_key" ON "SmsInbound"("messageSid");
CREATE INDEX "SmsInbound_fromNumber_receivedAt_idx" ON "SmsInbound"("fromNumber", "receivedAt");
CREATE INDEX "SmsInbound_handledAt_receivedAt_idx" ON "SmsInbound"("handledAt", "receivedAt");
CREATE INDEX "SmsInbound_userId_idx" ON "SmsInbound"("userId");
