-- DropIndex
DROP INDEX "AuditEntry_at_idx";

-- DropIndex
DROP INDEX "AuditEntry_actorId_at_idx";

-- DropIndex
DROP INDEX "AuditEntry_patientId_at_idx";

-- CreateIndex
CREATE INDEX "AuditEntry_patientId_at_id_idx" ON "AuditEntry"("patientId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_at_id_idx" ON "AuditEntry"("actorId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_at_id_idx" ON "AuditEntry"("at", "id");

