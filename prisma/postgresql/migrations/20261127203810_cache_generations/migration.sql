-- The data cache's one rule (docs/decisions/046-one-cache-rule.md), as SQLite's migration of
-- the same name: a generation per data area, moved in the transaction of every write to its
-- tables (a row trigger, so a statement that matches no row moves nothing), whoever writes;
-- a rolled-back write moves nothing. The areas are DATA_AREAS in app/infra/read-cache.server.ts.
CREATE TABLE "CacheGeneration" (
    "area" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CacheGeneration_pkey" PRIMARY KEY ("area")
);
INSERT INTO "CacheGeneration" ("area") VALUES ('catalogue'), ('reviews'), ('team'), ('settings'), ('accounts'), ('visits');

-- The area is the trigger's argument.
CREATE FUNCTION "cache_generation_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CacheGeneration" SET "generation" = "generation" + 1 WHERE "area" = TG_ARGV[0];
  RETURN NULL;
END
$$;
CREATE TRIGGER "Product_generation_insert" AFTER INSERT ON "Product" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('catalogue');
CREATE TRIGGER "Product_generation_update" AFTER UPDATE ON "Product" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('catalogue');
CREATE TRIGGER "Product_generation_delete" AFTER DELETE ON "Product" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('catalogue');
CREATE TRIGGER "Review_generation_insert" AFTER INSERT ON "Review" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('reviews');
CREATE TRIGGER "Review_generation_update" AFTER UPDATE ON "Review" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('reviews');
CREATE TRIGGER "Review_generation_delete" AFTER DELETE ON "Review" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('reviews');
CREATE TRIGGER "Dentist_generation_insert" AFTER INSERT ON "Dentist" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "Dentist_generation_update" AFTER UPDATE ON "Dentist" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "Dentist_generation_delete" AFTER DELETE ON "Dentist" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistService_generation_insert" AFTER INSERT ON "DentistService" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistService_generation_update" AFTER UPDATE ON "DentistService" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistService_generation_delete" AFTER DELETE ON "DentistService" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistException_generation_insert" AFTER INSERT ON "DentistException" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistException_generation_update" AFTER UPDATE ON "DentistException" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "DentistException_generation_delete" AFTER DELETE ON "DentistException" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "Chair_generation_insert" AFTER INSERT ON "Chair" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "Chair_generation_update" AFTER UPDATE ON "Chair" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "Chair_generation_delete" AFTER DELETE ON "Chair" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "ClinicClosure_generation_insert" AFTER INSERT ON "ClinicClosure" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "ClinicClosure_generation_update" AFTER UPDATE ON "ClinicClosure" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "ClinicClosure_generation_delete" AFTER DELETE ON "ClinicClosure" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('team');
CREATE TRIGGER "ClinicSettings_generation_insert" AFTER INSERT ON "ClinicSettings" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('settings');
CREATE TRIGGER "ClinicSettings_generation_update" AFTER UPDATE ON "ClinicSettings" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('settings');
CREATE TRIGGER "ClinicSettings_generation_delete" AFTER DELETE ON "ClinicSettings" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('settings');
CREATE TRIGGER "User_generation_insert" AFTER INSERT ON "User" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "User_generation_update" AFTER UPDATE ON "User" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "User_generation_delete" AFTER DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "Session_generation_insert" AFTER INSERT ON "Session" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "Session_generation_update" AFTER UPDATE ON "Session" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "Session_generation_delete" AFTER DELETE ON "Session" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('accounts');
CREATE TRIGGER "Appointment_generation_insert" AFTER INSERT ON "Appointment" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
CREATE TRIGGER "Appointment_generation_update" AFTER UPDATE ON "Appointment" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
CREATE TRIGGER "Appointment_generation_delete" AFTER DELETE ON "Appointment" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
CREATE TRIGGER "AppointmentStatusChange_generation_insert" AFTER INSERT ON "AppointmentStatusChange" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
CREATE TRIGGER "AppointmentStatusChange_generation_update" AFTER UPDATE ON "AppointmentStatusChange" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
CREATE TRIGGER "AppointmentStatusChange_generation_delete" AFTER DELETE ON "AppointmentStatusChange" FOR EACH ROW EXECUTE FUNCTION "cache_generation_move"('visits');
