/**
 * The clinic's front desk, for the staff pages and `/api/staff/*` alike: the day diary
 * (./front-desk/diary), one appointment's changes (./front-desk/changes), bookings for
 * callers (./front-desk/booking) and the patients (./patients). Every change and every read
 * of a patient card is written to the audit trail in the same transaction.
 */
export {
  diaryDay,
  staffAppointmentsOn,
  type Diary,
  type DiaryView,
} from "./front-desk/diary.server";
export {
  appointmentForStaff,
  DENTIST_OWN_VISITS_MESSAGE,
  NOT_FOUND_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  staffChangeStatus,
  staffMove,
} from "./front-desk/changes.server";
export {
  bookAtDesk,
  bookedMessage,
  type DeskBookingInput,
  OVERRIDE_DENTIST_MESSAGE,
  PATIENT_NOT_FOUND_MESSAGE,
} from "./front-desk/booking.server";
export {
  createCallerRecord,
  patientCard,
  searchPatients,
  type StaffActor,
} from "./patients.server";
export { staffFreeTimes } from "./booking/free-times.server";
