// A bounded load run (64 connections on loopback) against the production build over the
// home page, the catalogue pages and the JSON reads: no errors, no 5xx. CI runs it for a
// few seconds; `npm run bench` runs the full 30 s and records the figures.
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadPaths, runLoad } from "../support/load";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";

const PORT = testPorts().load;
const SECONDS = Number(process.env.LOAD_SECONDS || 5);

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ port: PORT });
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

it(`serves 64 connections for ${SECONDS} s with no error and no 5xx`, async () => {
  const service = await server.db().service.findFirstOrThrow();
  const paths = loadPaths(service.id, service.slug);
  for (const path of paths) {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
  }
  const figures = await runLoad({ url: server.url, paths, seconds: SECONDS, pid: server.pid });
  console.info(`[load] ${JSON.stringify(figures)}`);
  expect(figures.requests).toBeGreaterThan(0);
  expect(figures.errors).toBe(0);
  expect(figures.timeouts).toBe(0);
  expect(figures.non2xx).toBe(0);
  expect(figures.status5xx).toBe(0);
  expect(server.requestLog().filter((line) => line.status >= 500)).toEqual([]);
}, 120_000);
