-- Reviews held for moderation (docs/decisions/040-reviews-held-for-moderation.md): columns
-- added in place, no table rebuild. Every review written before this publishes as it did.
ALTER TABLE "Review" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "Review" ADD COLUMN "heldFor" TEXT NOT NULL DEFAULT '';
CREATE INDEX "Review_status_createdAt_idx" ON "Review"("status", "createdAt");
-- On by default: a review from a patient without a completed visit of the service waits.
ALTER TABLE "ClinicSettings" ADD COLUMN "reviewApprovalRequired" BOOLEAN NOT NULL DEFAULT true;
