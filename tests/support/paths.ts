import path from "node:path";

/** Scratch space for test databases and mail; ignored by git. */
export const TMP_DIR = path.resolve("tests/.tmp");
export const TEMPLATE_DB = path.join(TMP_DIR, "template.db");
