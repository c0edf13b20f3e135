// nonosat's JavaScript API: the whole engine in the browser, or the
// calls of a `nonosat serve` server, behind one interface.
//
//   import { load } from "./nonosat.js";
//   const ns = await load();                       // starts the worker
//   const r = await ns.check(text, { format: "non", timeoutMs: 5000 });
//   r.verdict;                                     // "unique", "multiple", "none" or "timeout"
//
// Each call answers what the command line's --json prints (check: the
// object of `nonosat check --json`, with the grade), or text (convert,
// render to SVG, generate, dimacs), or a Blob (render to PNG, proof).
// A failure rejects with an NonosatError whose message is the CLI's
// (file line and clue, "request:3: ...") and whose status is the HTTP
// status the server would answer; a call stopped by cancel() or by its
// signal rejects with an AbortError.
//
// Copy nonosat.js, worker.js, wasm_exec.js and nonosat.wasm side by side;
// load() finds them next to this module (or at options.base).

export class NonosatError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "NonosatError";
    this.status = status;
  }
}

function abortError() {
  return new DOMException("the call was cancelled", "AbortError");
}

// timeoutError ends a call whose worker did not answer past its timeout
// (the engine's own deadline normally answers first, verdict "timeout").
function timeoutError(ms) {
  return new NonosatError(`no answer within ${ms} ms; the engine was stopped`, 503);
}

// WorkerEngine runs the calls in a Web Worker on nonosat.wasm, one at a
// time, in order. Stopping the running call terminates the worker; the
// next call starts a fresh one from the compiled module.
class WorkerEngine {
  constructor(base, module) {
    this.base = base;
    this.module = module;
    this.queue = [];
    this.running = null;
    this.worker = null;
    this.seq = 0;
  }

  start() {
    const w = new Worker(new URL("worker.js", this.base));
    const ready = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        if (e.data.ready) resolve();
        else reject(new NonosatError("the engine did not start: " + e.data.error, 500));
      };
      w.onerror = (e) => reject(new NonosatError("the engine did not start: " + (e.message || "worker error"), 500));
    });
    w.postMessage({ module: this.module });
    this.worker = { w, ready };
    return this.worker;
  }

  stopWorker() {
    if (this.worker) this.worker.w.terminate();
    this.worker = null;
  }

  call(name, body, params, { signal, timeoutMs } = {}) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const job = { id: ++this.seq, name, body, params, resolve, reject, timeoutMs };
      signal?.addEventListener("abort", () => this.abort(job, abortError()), { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  abort(job, err) {
    const i = this.queue.indexOf(job);
    if (i >= 0) {
      this.queue.splice(i, 1);
      job.reject(err);
    } else if (this.running === job) {
      this.stopWorker();
      this.finish(job);
      job.reject(err);
    }
  }

  // cancel stops the running call and every queued one.
  cancel() {
    const jobs = [...this.queue, ...(this.running ? [this.running] : [])];
    this.queue = [];
    if (this.running) {
      this.stopWorker();
      this.finish(this.running);
    }
    for (const j of jobs) j.reject(abortError());
  }

  finish(job) {
    if (this.running !== job) return;
    clearTimeout(job.timer);
    this.running = null;
    queueMicrotask(() => this.pump());
  }

  async pump() {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift();
    this.running = job;
    const wk = this.worker || this.start();
    try {
      await wk.ready;
    } catch (err) {
      this.stopWorker();
      this.finish(job);
      job.reject(err);
      return;
    }
    if (this.running !== job) return; // cancelled while the worker started
    if (job.timeoutMs > 0) {
      // The engine answers "timeout" at its deadline; this only stops a
      // worker that cannot (a back end that does not poll the clock).
      job.timer = setTimeout(() => this.abort(job, timeoutError(job.timeoutMs)), job.timeoutMs + 1500);
    }
    wk.w.onmessage = (e) => {
      const m = e.data;
      if (m.exited !== undefined) {
        this.stopWorker();
        this.finish(job);
        job.reject(new NonosatError("the engine stopped: " + m.exited, 500));
        return;
      }
      if (m.id !== job.id) return;
      this.finish(job);
      if (m.error !== undefined) job.reject(new NonosatError(m.error, m.status));
      else if (m.json !== undefined) job.resolve({ json: m.json });
      else job.resolve({ body: new Blob([m.body], { type: m.contentType }), contentType: m.contentType, download: m.download });
    };
    wk.w.onerror = (e) => {
      this.stopWorker();
      this.finish(job);
      job.reject(new NonosatError("the engine failed: " + (e.message || "worker error"), 500));
    };
    wk.w.postMessage({ id: job.id, name: job.name, body: job.body, params: job.params });
  }
}

// ServerEngine sends the calls to a `nonosat serve` server's JSON API.
class ServerEngine {
  constructor(url) {
    this.url = url;
    this.controllers = new Set();
  }

  async call(name, body, params, { signal, timeoutMs } = {}) {
    const ctl = new AbortController();
    this.controllers.add(ctl);
    const onAbort = () => ctl.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) ctl.abort();
    let timer;
    if (timeoutMs > 0) timer = setTimeout(() => ctl.abort(timeoutError(timeoutMs)), timeoutMs + 1500);
    try {
      const q = new URLSearchParams(params).toString();
      const res = await fetch(new URL("api/" + name + (q ? "?" + q : ""), this.url), { method: "POST", body, signal: ctl.signal });
      if (!res.ok) {
        let msg = res.status + " " + res.statusText;
        try {
          msg = (await res.json()).error || msg;
        } catch {
          // not JSON: keep the status line
        }
        throw new NonosatError(msg, res.status);
      }
      const type = res.headers.get("Content-Type") || "";
      if (type.startsWith("application/json")) return { json: await res.text() };
      const cd = res.headers.get("Content-Disposition") || "";
      const m = /filename="([^"]+)"/.exec(cd);
      return { body: await res.blob(), contentType: type, download: m ? m[1] : "" };
    } catch (err) {
      if (ctl.signal.aborted && ctl.signal.reason instanceof NonosatError) throw ctl.signal.reason;
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      this.controllers.delete(ctl);
    }
  }

  cancel() {
    for (const c of this.controllers) c.abort();
  }
}

// params turns an options object into the API's parameters: camelCase
// names become the API's dashed ones, booleans 1 or nothing, timeoutMs
// the timeout.
function params(opts = {}, skip = []) {
  const out = {};
  for (const [k, v] of Object.entries(opts)) {
    if (v === undefined || v === null || v === false || skip.includes(k) || k === "signal") continue;
    if (k === "timeoutMs") {
      out.timeout = `${Math.max(1, Math.round(v))}ms`;
      continue;
    }
    const name = k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    out[name] = v === true ? "1" : String(v);
  }
  return out;
}

// Nonosat is a loaded engine: the calls of the command line.
export class Nonosat {
  constructor(engine, kind) {
    this.engine = engine;
    // "wasm" (in this browser) or "server" (a nonosat serve's API).
    this.kind = kind;
  }

  // call runs an API call by name and answers {json} or {body (a Blob),
  // contentType, download}; see the README's API section.
  call(name, body = "", opts = {}) {
    return this.engine.call(name, body, params(opts), { signal: opts.signal, timeoutMs: opts.timeoutMs });
  }

  async json(name, body, opts) {
    return JSON.parse((await this.call(name, body, opts)).json);
  }

  async text(name, body, opts) {
    return (await this.call(name, body, opts)).body.text();
  }

  // check answers the object `nonosat check --json` prints (verdict,
  // count, solutions, line_solved, grade, palette, ...); with
  // {detail: true} also the cells line logic leaves open and the cells
  // where two solutions differ.
  check(text, opts) { return this.json("analyze", text, opts); }
  // solve answers `solve --json`: up to opts.max solutions (default 1).
  solve(text, opts) { return this.json("solve", text, opts); }
  // count answers `count --json`: up to opts.max (default 10000; 0: all).
  count(text, opts) { return this.json("count", text, opts); }
  // parse answers the puzzle: palette, clues as [length, colour], goal.
  parse(text, opts) { return this.json("parse", text, opts); }
  // hint answers the next deduction on a partly filled grid (rows of
  // palette characters, "?" for open cells; an array of rows or text).
  hint(text, grid, opts = {}) {
    const g = Array.isArray(grid) ? grid.join("\n") : grid || "";
    return this.json("hint", text, { ...opts, grid: g || undefined });
  }
  // steps answers {steps: [...]}: the whole logical solution.
  steps(text, opts) { return this.json("steps", text, opts); }
  // fix answers {edits: [...]}: the best edits of the goal picture.
  fix(text, opts) { return this.json("fix", text, opts); }
  // generate answers a random puzzle's file, in opts.to (default xml).
  generate(opts = {}) { return this.text("generate", "", opts); }
  // convert answers the puzzle written in opts.to.
  convert(text, opts) { return this.text("convert", text, opts); }
  // render answers the SVG drawing (opts.solution: solved).
  render(text, opts) { return this.text("render", text, { ...opts, to: "svg" }); }
  // renderPNG answers a PNG Blob.
  async renderPNG(text, opts) { return (await this.call("render", text, { ...opts, to: "png" })).body; }
  // dimacs answers the CNF with its cell map.
  dimacs(text, opts) { return this.text("dimacs", text, opts); }
  // proof answers the certificate's files as a tar Blob.
  async proof(text, opts) { return (await this.call("proof", text, opts)).body; }
  // make turns a picture (a Blob, ArrayBuffer or Uint8Array) into a puzzle.
  async make(image, opts) {
    const body = image instanceof Blob ? new Uint8Array(await image.arrayBuffer()) : new Uint8Array(image);
    return this.json("make", body, opts);
  }

  // cancel stops the running call and every queued one at once.
  cancel() { this.engine.cancel(); }
}

// load starts the engine: nonosat.wasm in a Web Worker, found beside
// this module (or at options.base); with options.engine = "server", the
// JSON API of a `nonosat serve` server instead (the one that served the
// page, or options.server), for what a browser cannot do (external SAT
// solvers).
export async function load(options = {}) {
  if (options.engine === "server") {
    return new Nonosat(new ServerEngine(new URL(options.server || "/", location.href)), "server");
  }
  const base = new URL(options.base || ".", import.meta.url);
  const res = await fetch(new URL("nonosat.wasm", base));
  if (!res.ok) throw new NonosatError(`cannot load nonosat.wasm: ${res.status} ${res.statusText}`, res.status);
  let module;
  try {
    module = await WebAssembly.compileStreaming(res.clone());
  } catch {
    module = await WebAssembly.compile(await res.arrayBuffer()); // served without application/wasm
  }
  const engine = new WorkerEngine(base, module);
  engine.start();
  await engine.worker.ready;
  return new Nonosat(engine, "wasm");
}
