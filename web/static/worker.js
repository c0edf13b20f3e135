// The Web Worker that runs nonosat.wasm (see nonosat.js). Its first
// message is the compiled WebAssembly module; each later one a call,
// {id, name, body, params}, answered as {id, json} or {id, body,
// contentType, download}, or {id, error, status}. One call runs at a
// time; the page stops one by terminating the worker.
/* global Go, nonosatCall */
importScripts("wasm_exec.js");

let ready = null;

// Go's output (a panic's message) goes to console.log: keep the last
// lines, to say why if the program stops.
const output = [];
const log = console.log;
console.log = (...args) => {
  output.push(args.join(" "));
  if (output.length > 20) output.shift();
  log(...args);
};

self.onmessage = async (e) => {
  const m = e.data;
  if (m.module) {
    const go = new Go();
    ready = WebAssembly.instantiate(m.module, go.importObject).then((inst) => {
      // main sets nonosatCall, then waits for calls until terminated.
      go.run(inst).then(() => self.postMessage({ exited: output.join("\n") || "the engine stopped" }));
      self.postMessage({ ready: true });
    }, (err) => self.postMessage({ ready: false, error: String(err) }));
    return;
  }
  await ready;
  try {
    const r = await nonosatCall(m.name, m.body ?? "", m.params ?? {});
    if (r.body) {
      self.postMessage({ id: m.id, body: r.body, contentType: r.contentType, download: r.download }, [r.body.buffer]);
    } else {
      self.postMessage({ id: m.id, json: r.json });
    }
  } catch (err) {
    self.postMessage({ id: m.id, error: err && err.message ? err.message : String(err), status: (err && err.status) || 500 });
  }
};
