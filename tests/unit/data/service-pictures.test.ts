// The pictures staff choose from for a service are exactly the ones the site ships.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_PICTURES } from "~/data/service-pictures";

describe("SERVICE_PICTURES", () => {
  it("lists every picture in public/images/services, and nothing else", () => {
    const shipped = readdirSync(path.join(process.cwd(), "public/images/services"))
      .filter((file) => file.endsWith(".svg"))
      .map((file) => `/images/services/${file}`)
      .sort();
    expect(SERVICE_PICTURES.map((picture) => picture.src).sort()).toEqual(shipped);
    expect(new Set(SERVICE_PICTURES.map((picture) => picture.label)).size).toBe(shipped.length);
  });
});
