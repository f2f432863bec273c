// Preloaded into a benchmark's server (`node --import=<this file>`) by strip-profile.mjs
// --heap: V8's sampling heap profiler, counting the objects the collector has already freed
// too (a request's garbage is what it allocates), started at the first SIGUSR2 and written
// to HEAP_SAMPLER_FILE at the second (each said on stdout).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
let sampling = false;
process.on("SIGUSR2", async () => {
  if (!sampling) {
    sampling = true;
    await post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    console.info("heap-sampler: started");
    return;
  }
  const { profile } = await post("HeapProfiler.stopSampling");
  writeFileSync(process.env.HEAP_SAMPLER_FILE, JSON.stringify(profile));
  sampling = false;
  console.info("heap-sampler: written");
});
