import { type PackedDiary, unpackColumns } from "~/models/front-desk/diary-packed";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";

/** The grid's cards in the day diary page's loader data, unpacked as the page unpacks them. */
export function diaryPageCards(body: unknown): DiaryVisit[] {
  const { diary } = body as { diary: PackedDiary };
  return unpackColumns(diary.columns).flatMap((column) =>
    column.cells.flatMap((cell) => (cell.kind === "visits" ? cell.visits : [])),
  );
}
