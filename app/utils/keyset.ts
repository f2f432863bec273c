/**
 * Keyset pagination on (timestamp, id), newest first (`olderThan`) or oldest first
 * (`newerThan`): a page ends with a cursor naming its last row, and the next page starts
 * strictly after it. Unlike OFFSET, a page costs the same however deep it is, and rows
 * added meanwhile never shift what comes next.
 */
export type Cursor = { at: Date; id: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The cursor as one URL-safe query value. */
export function encodeCursor({ at, id }: Cursor): string {
  return `${at.getTime()}.${id}`;
}

/** A cursor from the query, or null for anything malformed (the first page then). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 100) return null;
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const millis = Number(value.slice(0, dot));
  const id = value.slice(dot + 1);
  if (!Number.isSafeInteger(millis) || millis < 0 || !ID.test(id)) return null;
  return { at: new Date(millis), id };
}

/** The Prisma filter for the rows after `cursor` in (field desc, id desc) order. */
export function olderThan<F extends string>(field: F, cursor: Cursor | null) {
  if (!cursor) return {};
  return {
    OR: [{ [field]: { lt: cursor.at } }, { [field]: cursor.at, id: { lt: cursor.id } }] as Array<
      Record<string, unknown>
    >,
  };
}

/** The Prisma filter for the rows after `cursor` in (field asc, id asc) order: oldest first. */
export function newerThan<F extends string>(field: F, cursor: Cursor | null) {
  if (!cursor) return {};
  return {
    OR: [{ [field]: { gt: cursor.at } }, { [field]: cursor.at, id: { gt: cursor.id } }] as Array<
      Record<string, unknown>
    >,
  };
}

/**
 * Splits `take + 1` rows read into the page and the cursor of the next one (null when
 * this is the last page).
 */
export function pageOf<T extends { id: string }>(
  rows: T[],
  take: number,
  at: (row: T) => Date,
): { rows: T[]; next: string | null } {
  if (rows.length <= take) return { rows, next: null };
  const page = rows.slice(0, take);
  const last = page[page.length - 1]!;
  return { rows: page, next: encodeCursor({ at: at(last), id: last.id }) };
}
