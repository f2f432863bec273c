/** The kinds of team member (Dentist.kind), with the labels the staff screens show. */
export const DENTIST_KINDS = ["dentist", "hygienist"] as const;
export type DentistKind = (typeof DENTIST_KINDS)[number];

export const KIND_LABELS: Record<DentistKind, string> = {
  dentist: "Dentist",
  hygienist: "Hygienist",
};

export function kindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string>)[kind] ?? kind;
}
