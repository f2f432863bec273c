-- Staff roles: everyone who registers is a patient; staff roles are granted with `npm run staff`.
ALTER TABLE "User" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'patient';
