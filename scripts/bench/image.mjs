// The container image's size for `npm run bench`: builds the Dockerfile (layers cached
// from earlier builds make a rebuild quick) and reads the size Docker reports. Without a
// usable Docker engine it says so and measures nothing.
import { spawnSync } from "node:child_process";

/** @returns {{ mib: number, tag: string } | { skipped: string }} */
export function imageSize(tag = "clinic-bench") {
  const info = spawnSync("docker", ["info", "--format", "{{.ServerVersion}}"], {
    encoding: "utf8",
  });
  if (info.error || info.status !== 0) {
    return { skipped: "no Docker engine here (../shared/tools/docker-local starts one)" };
  }
  const build = spawnSync("docker", ["build", "--network", "host", "-q", "-t", tag, "."], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (build.status !== 0) {
    return {
      skipped: `docker build failed:\n${build.stderr.trim().split("\n").slice(-5).join("\n")}`,
    };
  }
  const inspect = spawnSync("docker", ["image", "inspect", tag, "--format", "{{.Size}}"], {
    encoding: "utf8",
  });
  if (inspect.status !== 0) return { skipped: `docker image inspect ${tag} failed` };
  return { mib: Math.round((Number(inspect.stdout.trim()) / 2 ** 20) * 10) / 10, tag };
}
