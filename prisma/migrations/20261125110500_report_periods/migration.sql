-- CreateTable
CREATE TABLE "ReportPeriod" (
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "dentistId" TEXT NOT NULL,
    "chairId" TEXT NOT NULL,
    "scheduled" INTEGER NOT NULL DEFAULT 0,
    "attended" INTEGER NOT NULL DEFAULT 0,
    "noShows" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "lateCancelled" INTEGER NOT NULL DEFAULT 0,
    "bookedMinutes" INTEGER NOT NULL DEFAULT 0,
    "newPatients" INTEGER NOT NULL DEFAULT 0,
    "returningVisits" INTEGER NOT NULL DEFAULT 0,
    "offeredTimes" INTEGER NOT NULL DEFAULT 0,
    "refilledTimes" INTEGER NOT NULL DEFAULT 0,
    "invitations" INTEGER NOT NULL DEFAULT 0,
    "conversions" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("kind", "period", "dentistId", "chairId")
);

-- The weeks and months of the day figures already worked out (docs/decisions/036-reports.md);
-- from now on summariseDay refreshes a day's week and month with the day.
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'week', "week", "dentistId", "chairId", SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "week", "dentistId", "chairId";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'month', "month", "dentistId", "chairId", SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "month", "dentistId", "chairId";
