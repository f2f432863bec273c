// The load run shared by the CI load test and `npm run bench`: autocannon over the home
// page, the catalogue pages and the JSON reads, with the server's resident memory sampled.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export type LoadFigures = {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
  peakRssMb: number;
};

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

export async function runLoad({
  url,
  paths,
  seconds,
  connections = 64,
  pid,
}: {
  url: string;
  paths: string[];
  seconds: number;
  connections?: number;
  pid: number;
}): Promise<LoadFigures> {
  let peakRssMb = rssMb(pid);
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(pid));
  }, 200);
  try {
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      requests: paths.map((path) => ({ method: "GET", path })),
      timeout: 10,
    });
    return {
      seconds,
      connections,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      status5xx: result["5xx"],
      peakRssMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** What a load run visits: the pages a visitor sees first and the JSON reads. */
export function loadPaths(productId: string, slug: string) {
  return [
    "/",
    "/all-service",
    "/all-service?page=2",
    `/product/${productId}`,
    `/product/${slug}`,
    "/blog",
    "/api/product-list/1",
    "/api/product-list/2",
    "/api/product-count",
    "/api/reviews",
    "/api/get-product",
    `/api/get-product/${productId}`,
  ];
}
