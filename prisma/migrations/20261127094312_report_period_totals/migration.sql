-- The week and month roll-ups (docs/decisions/036-reports.md) hold per period its totals, each
-- dentist's and each chair's ("*" standing for all dentists or all chairs), no longer each pair
-- of a dentist and a chair: a report reads its whole periods as they are stored, without
-- summing. Worked out again here from the day figures; summariseDay keeps them so.
DELETE FROM "ReportPeriod";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'week', "week", '*', '*', SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "week";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'week', "week", "dentistId", '*', SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "week", "dentistId";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'week', "week", '*', "chairId", SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "week", "chairId";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'month', "month", '*', '*', SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "month";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'month', "month", "dentistId", '*', SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "month", "dentistId";
INSERT INTO "ReportPeriod" ("kind", "period", "dentistId", "chairId", "scheduled", "attended", "noShows", "cancelled", "lateCancelled", "bookedMinutes", "newPatients", "returningVisits", "offeredTimes", "refilledTimes", "invitations", "conversions")
SELECT 'month', "month", '*', "chairId", SUM("scheduled"), SUM("attended"), SUM("noShows"), SUM("cancelled"), SUM("lateCancelled"), SUM("bookedMinutes"), SUM("newPatients"), SUM("returningVisits"), SUM("offeredTimes"), SUM("refilledTimes"), SUM("invitations"), SUM("conversions")
FROM "ReportDay" GROUP BY "month", "chairId";
