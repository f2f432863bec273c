-- The most visits one dentist is booked for on one day (the booking rule
-- "dentist-daily-cap", docs/decisions/027-one-booking-core.md); 0, the default, is no limit.
ALTER TABLE "ClinicSettings" ADD COLUMN "maxVisitsPerDentistPerDay" INTEGER NOT NULL DEFAULT 0;
