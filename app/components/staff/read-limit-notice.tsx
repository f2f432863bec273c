/**
 * What a staff page shows instead of patients' details once the staff member's hourly bound
 * of patients read is reached (docs/decisions/043-need-to-know-for-staff.md).
 */
export function ReadLimitNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-700 bg-red-50 p-4 font-semibold text-red-900"
      data-testid="read-limit"
    >
      {message}
    </p>
  );
}
