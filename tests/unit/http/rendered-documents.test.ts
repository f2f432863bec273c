import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  documentKey,
  keepingDocument,
  keptDocument,
  keptDocumentBytes,
} from "~/http/rendered-documents.server";

const NOW = Date.UTC(2027, 2, 10, 9, 30);
const get = (url = "https://clinic.example/staff?date=2027-03-10") => new Request(url);

function context(
  loaderData: unknown,
  rest: { actionData?: unknown; errors?: unknown } = {},
): EntryContext {
  return {
    staticHandlerContext: { loaderData, actionData: null, errors: null, ...rest },
  } as unknown as EntryContext;
}

const keyOf = (data: unknown, request = get(), now = NOW, variant = "onShellReady") =>
  documentKey(request, 200, context(data), variant, now);

/** Renders `html` through the keeping stream, as entry.server pipes React's output. */
async function render(key: string, html: string[], nonce: string, failed = false) {
  const sent: Buffer[] = [];
  const keeping = keepingDocument(key, nonce, () => failed);
  keeping.on("data", (chunk: Buffer) => sent.push(chunk));
  await pipeline(Readable.from(html), keeping);
  return Buffer.concat(sent).toString();
}

describe("a rendered document's key", () => {
  it("is the same for the same URL, data and minute, and moves with each of them", () => {
    const data = { root: { user: { name: "Rita" } }, "routes/staff._index": { visits: [1, 2] } };
    const key = keyOf(data);
    expect(key).toBe(keyOf(structuredClone(data)));
    expect(keyOf(data, get("https://clinic.example/staff?date=2027-03-11"))).not.toBe(key);
    expect(keyOf({ ...data, root: { user: { name: "Ruth" } } })).not.toBe(key);
    expect(keyOf(data, get(), NOW + 60_000)).not.toBe(key);
    expect(keyOf(data, get(), NOW + 59_000 - (NOW % 60_000))).toBe(key);
    // A bot gets the whole document at once, a browser streamed: kept apart.
    expect(keyOf(data, get(), NOW, "onAllReady")).not.toBe(key);
  });

  it("tells apart what JSON alone would confuse", () => {
    const pairs: [unknown, unknown][] = [
      [{ a: undefined }, {}],
      [{ a: new Date(NOW) }, { a: new Date(NOW).toISOString() }],
      [{ a: Number.NaN }, { a: null }],
      [{ a: [undefined] }, { a: [null] }],
    ];
    for (const [one, other] of pairs) {
      expect(keyOf(one)).not.toBeNull();
      expect(keyOf(one)).not.toBe(keyOf(other));
    }
  });

  it("is null when the data or the request cannot tell the render", () => {
    for (const data of [
      { later: Promise.resolve(1) },
      { map: new Map([["a", 1]]) },
      { count: BigInt(1) },
    ]) {
      expect(keyOf(data)).toBeNull();
    }
    const data = { a: 1 };
    expect(documentKey(new Request(get(), { method: "POST" }), 200, context(data), "x")).toBeNull();
    expect(documentKey(get(), 404, context(data), "x")).toBeNull();
    expect(documentKey(get(), 200, context(data, { actionData: { a: 1 } }), "x")).toBeNull();
    expect(documentKey(get(), 200, context(data, { errors: { root: "x" } }), "x")).toBeNull();
  });
});

describe("a kept document", () => {
  it("is sent again as it was rendered, with the new response's nonce in its scripts", async () => {
    const key = keyOf({ page: "nonce" })!;
    const html = ['<p>Diary</p><script nonce="first">a()</script>', '<script nonce="first">b()'];
    expect(await render(key, [...html, "</script>"], "first")).toBe(`${html.join("")}</script>`);
    expect(keptDocument(key, "second")?.toString()).toBe(
      '<p>Diary</p><script nonce="second">a()</script><script nonce="second">b()</script>',
    );
  });

  it("is not kept when the render failed, or before it has ended", async () => {
    const failedKey = keyOf({ page: "failed" })!;
    await render(failedKey, ["<p>half</p>"], "n", true);
    expect(keptDocument(failedKey, "n")).toBeNull();
    expect(keptDocument(keyOf({ page: "never rendered" })!, "n")).toBeNull();
  });

  it("is not kept over a megabyte, and the memo stays within its bytes", async () => {
    const big = keyOf({ page: "big" })!;
    const sent = await render(big, ["x".repeat(700_000), "y".repeat(700_000)], "n");
    expect(sent).toHaveLength(1_400_000);
    expect(keptDocument(big, "n")).toBeNull();
    for (let page = 0; page < 12; page += 1) {
      await render(keyOf({ page })!, ["z".repeat(900_000)], "n");
    }
    expect(keptDocumentBytes()).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(keptDocument(keyOf({ page: 11 })!, "n")).not.toBeNull();
    expect(keptDocument(keyOf({ page: 0 })!, "n")).toBeNull();
  });
});
