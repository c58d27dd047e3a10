/*
 * The phone's engine, in a Web Worker (issue 38): Pyodide runs the repository's own scoring/
 * package, unpacked from the bundle `make bundle` builds, and answers a game's API body as the
 * API does (scoring/offline.py). No rule is written here.
 *
 * Loading Pyodide and importing the engine take some seconds, so the first start keeps a memory
 * snapshot of the loaded engine (Pyodide's `_makeSnapshot`/`_loadSnapshot`, the start-up
 * snapshot Cloudflare's Python Workers use) in the phone's Cache Storage, keyed by Pyodide's
 * version and the bundle's digest; later starts restore it instead, in well under a second.
 *
 * Messages in: {start: {pyodide, bundle, prepare}} once (Pyodide's folder, the bundle's address;
 * `prepare` only makes the snapshot if none is kept), then {id, game, body, language, houses}
 * (an API body) or {id, game, fields, language, houses} (a page's posted fields: each name's
 * values); `houses`, the saved house rules the phone has kept, by key.
 * Messages out: {ready: ms, snapshot} or {failed: text}; {id, ms, body, answer} or
 * {id, ms, body, errors} or {id, failed}.
 */
const SNAPSHOTS = "engine-snapshot";  // not "referee-...": the service worker clears only those
let engine = null;

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.arrayBuffer();
}

async function snapshotKey(pyodide, version, zipped) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", zipped));
  const hex = Array.from(digest.slice(0, 12), (byte) => byte.toString(16).padStart(2, "0"));
  return new URL(`snapshot-${version}-${hex.join("")}`, pyodide).href;
}

async function keep(snapshots, key, snapshot) {
  await snapshots.put(key, new Response(snapshot));
  const old = (await snapshots.keys()).filter((request) => request.url !== key);
  await Promise.all(old.map((request) => snapshots.delete(request)));
}

async function start({ pyodide, bundle, prepare }) {
  const began = performance.now();
  const [{ loadPyodide, version }, zipped] = await Promise.all([
    import(`${pyodide}pyodide.mjs`), fetched(bundle)]);
  const key = await snapshotKey(pyodide, version, zipped);
  const snapshots = self.caches ? await caches.open(SNAPSHOTS) : null;
  const kept = snapshots && await snapshots.match(key);
  if (kept && prepare) return { ms: performance.now() - began, snapshot: "kept" };
  if (kept) {
    try {
      const python = await loadPyodide({ indexURL: pyodide, _loadSnapshot: kept.arrayBuffer() });
      return { answer: python.globals.get("answer"), ms: performance.now() - began,
               snapshot: "restored" };
    } catch (error) { /* one this Pyodide cannot restore: load afresh, and keep a new one */ }
  }
  const python = await loadPyodide({ indexURL: pyodide, _makeSnapshot: Boolean(snapshots) });
  python.unpackArchive(zipped, "zip", { extractDir: "/engine" });
  python.runPython(
    "import sys; sys.path.insert(0, '/engine')\n"
    + "from referee.phone import served\n"
    + "answer = served('/engine')");
  let snapshot = "none";
  if (snapshots) {
    try {  // an underscored Pyodide option: if a later Pyodide drops it, every start is in full
      await keep(snapshots, key, python.makeMemorySnapshot());
      snapshot = "made";
    } catch (error) { /* no snapshot kept: this engine answers all the same */ }
  }
  return { answer: python.globals.get("answer"), ms: performance.now() - began, snapshot };
}

self.onmessage = async ({ data }) => {
  if (data.start) {
    engine = engine || start(data.start);
    engine.then(({ ms, snapshot }) => self.postMessage({ ready: ms, snapshot }),
                (error) => self.postMessage({ failed: String(error) }));
    return;
  }
  try {
    const { answer } = await engine;
    const began = performance.now();
    const page = "fields" in data;
    const given = JSON.stringify(page ? data.fields : data.body);
    const houses = JSON.stringify(data.houses || {});
    const said = JSON.parse(answer(data.game, given, data.language || "en", page, houses));
    self.postMessage({ id: data.id, ms: performance.now() - began, ...said });
  } catch (error) {
    self.postMessage({ id: data.id, failed: String(error) });
  }
};
