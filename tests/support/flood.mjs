// The cache-busting flood of issue 31 item 8, shared by the memory test
// (tests/load/flood.test.ts) and the container proof (scripts/container-memory.mjs): 600
// home pages with distinct `?cb=`, 300 price ranges on /all-service and 100 far pages,
// sent 8 at a time. `round` makes every URL of a round its own.

/** @param {number} round */
export function floodPaths(round) {
  const paths = [];
  for (let i = 0; i < 600; i += 1) paths.push(`/?cb=${round}-${i}`);
  for (let i = 0; i < 300; i += 1) {
    paths.push(`/all-service?radio=${i}-${1000 + round * 300 + i}`);
  }
  for (let i = 0; i < 100; i += 1) {
    const far = 1_000_000 - round * 100 - i;
    paths.push(i % 2 === 0 ? `/all-service?page=${far}` : `/?page=${far}`);
  }
  // Shuffled the same way every time: the kinds of page arrive mixed, as an attacker's would.
  for (let i = paths.length - 1; i > 0; i -= 1) {
    const j = (i * 7919 + round * 104_729) % (i + 1);
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}

/**
 * Sends `paths` to `url`, `connections` at a time; calls `onAnswer(status)` for each answer
 * and `onTick()` after each. Resolves with the statuses counted.
 * @param {string} url
 * @param {string[]} paths
 * @param {{ connections?: number, onTick?: () => void }} [options]
 */
export async function flood(url, paths, { connections = 8, onTick = () => {} } = {}) {
  const queue = [...paths].reverse();
  /** @type {Map<number, number>} */
  const statuses = new Map();
  const worker = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      let status = 0;
      try {
        const response = await fetch(`${url}${path}`);
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = -1;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      onTick();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return statuses;
}
