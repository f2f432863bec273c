// The baseline for GET /api/product-list/1: node:http and one prepared better-sqlite3
// statement returning the same JSON, with nothing else in the way.
// Usage: node scripts/bench/baseline.mjs <database file> <port>
import http from "node:http";
import Database from "better-sqlite3";

const [file, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true });
const page = db.prepare(
  `SELECT id, slug, name, description, priceCents, photo, category FROM Product
   ORDER BY createdAt DESC, id DESC LIMIT 6 OFFSET ?`,
);

http
  .createServer((req, res) => {
    const match = /^\/api\/product-list\/(\d+)$/.exec(req.url ?? "");
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const number = Number(match[1]);
    const products = page.all((number - 1) * 6).map((row) => ({
      _id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      price: row.priceCents / 100,
      photo: row.photo,
      category: row.category,
    }));
    const body = JSON.stringify({ success: true, page: number, products });
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
