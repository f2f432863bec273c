-- The data cache's one rule (docs/decisions/046-one-cache-rule.md): a generation per data
-- area, moved by these triggers in the transaction of every write to its tables, whoever
-- writes; a rolled-back write moves nothing. The areas are DATA_AREAS in
-- app/infra/read-cache.server.ts (tests/integration/cache-generations.test.ts checks them).
CREATE TABLE "CacheGeneration" (
    "area" TEXT NOT NULL PRIMARY KEY,
    "generation" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "CacheGeneration" ("area") VALUES ('catalogue'), ('reviews'), ('team'), ('settings'), ('accounts'), ('visits');
CREATE TRIGGER "Product_generation_insert" AFTER INSERT ON "Product" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'catalogue'; END;
CREATE TRIGGER "Product_generation_update" AFTER UPDATE ON "Product" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'catalogue'; END;
CREATE TRIGGER "Product_generation_delete" AFTER DELETE ON "Product" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'catalogue'; END;
CREATE TRIGGER "Review_generation_insert" AFTER INSERT ON "Review" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'reviews'; END;
CREATE TRIGGER "Review_generation_update" AFTER UPDATE ON "Review" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'reviews'; END;
CREATE TRIGGER "Review_generation_delete" AFTER DELETE ON "Review" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'reviews'; END;
CREATE TRIGGER "Dentist_generation_insert" AFTER INSERT ON "Dentist" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "Dentist_generation_update" AFTER UPDATE ON "Dentist" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "Dentist_generation_delete" AFTER DELETE ON "Dentist" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistService_generation_insert" AFTER INSERT ON "DentistService" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistService_generation_update" AFTER UPDATE ON "DentistService" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistService_generation_delete" AFTER DELETE ON "DentistService" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistException_generation_insert" AFTER INSERT ON "DentistException" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistException_generation_update" AFTER UPDATE ON "DentistException" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "DentistException_generation_delete" AFTER DELETE ON "DentistException" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "Chair_generation_insert" AFTER INSERT ON "Chair" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "Chair_generation_update" AFTER UPDATE ON "Chair" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "Chair_generation_delete" AFTER DELETE ON "Chair" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "ClinicClosure_generation_insert" AFTER INSERT ON "ClinicClosure" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "ClinicClosure_generation_update" AFTER UPDATE ON "ClinicClosure" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "ClinicClosure_generation_delete" AFTER DELETE ON "ClinicClosure" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'team'; END;
CREATE TRIGGER "ClinicSettings_generation_insert" AFTER INSERT ON "ClinicSettings" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'settings'; END;
CREATE TRIGGER "ClinicSettings_generation_update" AFTER UPDATE ON "ClinicSettings" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'settings'; END;
CREATE TRIGGER "ClinicSettings_generation_delete" AFTER DELETE ON "ClinicSettings" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'settings'; END;
CREATE TRIGGER "User_generation_insert" AFTER INSERT ON "User" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "User_generation_update" AFTER UPDATE ON "User" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "User_generation_delete" AFTER DELETE ON "User" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "Session_generation_insert" AFTER INSERT ON "Session" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "Session_generation_update" AFTER UPDATE ON "Session" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "Session_generation_delete" AFTER DELETE ON "Session" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'accounts'; END;
CREATE TRIGGER "Appointment_generation_insert" AFTER INSERT ON "Appointment" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
CREATE TRIGGER "Appointment_generation_update" AFTER UPDATE ON "Appointment" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
CREATE TRIGGER "Appointment_generation_delete" AFTER DELETE ON "Appointment" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
CREATE TRIGGER "AppointmentStatusChange_generation_insert" AFTER INSERT ON "AppointmentStatusChange" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
CREATE TRIGGER "AppointmentStatusChange_generation_update" AFTER UPDATE ON "AppointmentStatusChange" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
CREATE TRIGGER "AppointmentStatusChange_generation_delete" AFTER DELETE ON "AppointmentStatusChange" BEGIN UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = 'visits'; END;
