import path from "node:path";

/** Scratch space for test databases and mail; ignored by git. */
export const TMP_DIR = path.resolve("tests/.tmp");
