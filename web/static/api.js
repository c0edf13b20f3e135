// The page's calls to the engine: nonosat.wasm in a Web Worker (the
// static site), or the JSON API of `nonosat serve` (engine.json, which the
// server answers, says which). Every call may be cancelled: a newer call
// of the same kind stops the older one (an edit makes the verdict of the
// previous picture stale).
import { load, NonosatError } from "./nonosat.js";

// The loaded engine, also window.nonosat (the JavaScript API) for the
// console and for tests.
export const ready = (async () => {
  let cfg = {};
  try {
    const res = await fetch("engine.json");
    if (res.ok) cfg = await res.json();
  } catch {
    // no engine.json: the wasm engine beside the page
  }
  const ns = await load({ engine: cfg.engine });
  window.nonosat = ns;
  document.documentElement.dataset.engine = ns.kind;
  if (ns.kind === "wasm" && "serviceWorker" in navigator && window.isSecureContext) {
    // The static site works offline after the first visit.
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  return ns;
})();

const pending = new Map(); // kind → AbortController

// APIError is a call's failure: the engine's message, and the HTTP status
// the server would answer (503: no answer within the time limit).
export class APIError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// call runs API call path on body with params and returns a Response
// (JSON, or the file with its Content-Disposition name). kind, if given,
// cancels the previous call of that kind. It throws APIError with the
// engine's message, or an AbortError when cancelled.
export async function call(path, body, params = {}, kind = "") {
  let ctl;
  if (kind) {
    pending.get(kind)?.abort();
    ctl = new AbortController();
    pending.set(kind, ctl);
  }
  try {
    const ns = await ready;
    // timeoutMs bounds the call: the engine's ?timeout=, and the worker
    // is stopped if it cannot answer by then.
    const { timeoutMs, ...q } = params;
    if (timeoutMs > 0) q.timeout = `${Math.round(timeoutMs)}ms`;
    const r = await ns.engine.call(path, body, q, { signal: ctl?.signal, timeoutMs });
    if (r.json !== undefined) return new Response(r.json, { headers: { "Content-Type": "application/json" } });
    return new Response(r.body, {
      headers: { "Content-Type": r.contentType, "Content-Disposition": `attachment; filename="${r.download}"` },
    });
  } catch (err) {
    if (err instanceof NonosatError) throw new APIError(err.message, err.status);
    throw err;
  } finally {
    if (kind && pending.get(kind) === ctl) pending.delete(kind);
  }
}

export async function callJSON(path, body, params = {}, kind = "") {
  return (await call(path, body, params, kind)).json();
}

// cancelAll stops every call under way: the page's Stop button.
export async function cancelAll() {
  for (const ctl of pending.values()) ctl.abort();
  pending.clear();
  (await ready).cancel();
}

// busy says whether a call is under way.
export function busy() {
  return pending.size > 0;
}

export function isAbort(err) {
  return err && err.name === "AbortError";
}

// download saves the response as a file, named as the engine says (and
// then by rename, if given).
export async function download(res, rename = (n) => n) {
  const cd = res.headers.get("Content-Disposition") || "";
  const m = /filename="([^"]+)"/.exec(cd);
  const blob = await res.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = rename(m ? m[1] : "puzzle");
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  return a.download;
}
