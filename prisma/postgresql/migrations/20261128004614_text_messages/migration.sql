-- Text messages (docs/decisions/052-text-messages.md), as SQLite's migration of the same name.

-- A patient's mobile number and answer on texts.
ALTER TABLE "User" ADD COLUMN "mobile" TEXT NOT NULL DEFAULT '',
ADD COLUMN "smsConsent" TEXT NOT NULL DEFAULT 'unasked',
ADD COLUMN "smsConsentAt" TIMESTAMP(3),
ADD COLUMN "smsConsentBy" TEXT NOT NULL DEFAULT '';
CREATE INDEX "User_mobile_idx" ON "User"("mobile");

-- A visit whose patient asked by text to be called back.
ALTER TABLE "Appointment" ADD COLUMN "callBackAt" TIMESTAMP(3);

-- How each kind of message goes, and the monthly cap on texts.
ALTER TABLE "ClinicSettings" ADD COLUMN "messageChannels" TEXT NOT NULL DEFAULT '{"reminder":"both","waitlist_offer":"both"}',
ADD COLUMN "smsMonthlyCap" INTEGER NOT NULL DEFAULT 1000;

-- The outbox's second channel.
ALTER TABLE "OutboxMessage" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'email',
ADD COLUMN "expiresAt" TIMESTAMP(3),
ADD COLUMN "providerId" TEXT,
ADD COLUMN "deliveryStatus" TEXT,
ADD COLUMN "deliveredAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "OutboxMessage_providerId_key" ON "OutboxMessage"("providerId");
CREATE INDEX "OutboxMessage_channel_sentAt_idx" ON "OutboxMessage"("channel", "sentAt");
CREATE INDEX "OutboxMessage_channel_toAddress_idx" ON "OutboxMessage"("channel", "toAddress");

-- Texts sent to the clinic.
CREATE TABLE "SmsInbound" (
    "id" TEXT NOT NULL,
    "messageSid" TEXT NOT NULL,
    "fromNumber" TEXT NOT NULL,
    "toNumber" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "keyword" TEXT,
    "userId" TEXT,
    "appointmentId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "handledAt" TIMESTAMP(3),
    "handledById" TEXT,

    CONSTRAINT "SmsInbound_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SmsInbound_messageSid_key" ON "SmsInbound"("messageSid");
CREATE INDEX "SmsInbound_fromNumber_receivedAt_idx" ON "SmsInbound"("fromNumber", "receivedAt");
CREATE INDEX "SmsInbound_handledAt_receivedAt_idx" ON "SmsInbound"("handledAt", "receivedAt");
CREATE INDEX "SmsInbound_userId_idx" ON "SmsInbound"("userId");
ALTER TABLE "SmsInbound" ADD CONSTRAINT "SmsInbound_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
