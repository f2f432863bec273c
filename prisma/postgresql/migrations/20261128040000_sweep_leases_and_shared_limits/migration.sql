-- CreateTable
CREATE TABLE "SweepLease" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SweepLease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "rate_limit_points" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limit_points_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "rate_limit_items" (
    "key" TEXT NOT NULL,
    "item" TEXT NOT NULL,
    "expire" BIGINT NOT NULL,

    CONSTRAINT "rate_limit_items_pkey" PRIMARY KEY ("key","item")
);

