/*
 * The phone's engine, in a Web Worker (issue 38): Pyodide runs the repository's own scoring/
 * package, unpacked from the bundle `make bundle` builds, and answers a game's API body as the
 * API does (scoring/offline.py). No rule is written here.
 *
 * Messages in: {start: {pyodide, bundle}} once (Pyodide's folder, the bundle's address), then
 * {id, game, body, language} (an API body) or {id, game, fields, language} (a page's posted
 * fields: each name's values).
 * Messages out: {ready: ms} or {failed: text}; {id, ms, body, answer} or {id, ms, body, errors}
 * or {id, failed}.
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
  const answer = python.pyimport("referee.phone").served("/engine");
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
    const page = "fields" in data;
    const given = JSON.stringify(page ? data.fields : data.body);
    const said = JSON.parse(answer(data.game, given, data.language || "en", page));
    self.postMessage({ id: data.id, ms: performance.now() - began, ...said });
  } catch (error) {
    self.postMessage({ id: data.id, failed: String(error) });
  }
};
