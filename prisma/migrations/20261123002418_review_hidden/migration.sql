-- Staff can hide a review (and restore it): columns added in place, no table rebuild.
ALTER TABLE "Review" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Review" ADD COLUMN "hiddenAt" DATETIME;
ALTER TABLE "Review" ADD COLUMN "hiddenById" TEXT;
