/**
 * A time as Prisma's SQLite adapter writes and binds a DateTime: the text the columns
 * hold, so a time given as this text compares with them as they sort.
 */
export const sqliteTime = (value: Date) => value.toISOString().replace("Z", "+00:00");
