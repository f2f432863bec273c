-- CreateTable
CREATE TABLE "SweepLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "rate_limit_points" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

-- CreateTable
CREATE TABLE "rate_limit_items" (
    "key" TEXT NOT NULL,
    "item" TEXT NOT NULL,
    "expire" BIGINT NOT NULL,

    PRIMARY KEY ("key", "item")
);

