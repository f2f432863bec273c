-- A service's public count and average rating read from the index alone (the service page;
-- docs/performance.md, "Reviews").
CREATE INDEX "Review_productId_status_hidden_rating_idx" ON "Review"("productId", "status", "hidden", "rating");
