/*
 * The phone's engine, in a Web Worker (issue 38): Pyodide runs the repository's own scoring/
 * package, unpacked from the bundle `make bundle` builds, and answers a game's API body as the
 * API does (scoring/offline.py). No rule is written here.
 *
 * Messages in: {start: {pyodide, bundle}} once (Pyodide's folder, the bundle's address), then
 * {id, game, body, language}.
 * Messages out: {ready: ms} or {failed: text}; {id, answer} or {id, errors} or {id, failed}.
 */
let engine = null;

async function start({ pyodide, bundle }) {
  const began = performance.now();
  const { loadPyodide } = await import(`${pyodide}pyodide.mjs`);
  const python = await loadPyodide({ indexURL: pyodide });
  const zipped = await fetch(bundle).then((response) => {
    if (!response.ok) throw new Error(`${bundle}: ${response.status}`);
    return response.arrayBuffer();
  });
  python.unpackArchive(zipped, "zip", { extractDir: "/engine" });
  python.runPython("import sys; sys.path.insert(0, '/engine')");
  const answer = python.pyimport("scoring.offline").served("/engine");
  return { answer, ms: performance.now() - began };
}

self.onmessage = async ({ data }) => {
  if (data.start) {
    engine = engine || start(data.start);
    engine.then(({ ms }) => self.postMessage({ ready: ms }),
                (error) => self.postMessage({ failed: String(error) }));
    return;
  }
  try {
    const { answer } = await engine;
    const began = performance.now();
    const said = JSON.parse(answer(data.game, JSON.stringify(data.body), data.language || "en"));
    self.postMessage({ id: data.id, ms: performance.now() - began, ...said });
  } catch (error) {
    self.postMessage({ id: data.id, failed: String(error) });
  }
};
