// Calls to the server's JSON API. Every call may be cancelled: a newer
// request of the same kind aborts the older one (an edit makes the verdict
// of the previous picture stale), and the server stops its solve when the
// connection goes.

const pending = new Map(); // kind → AbortController

export class APIError extends Error {}

// call POSTs body to /api/<path>?<params> and returns the Response. kind,
// if given, cancels the previous call of that kind. It throws APIError with
// the server's message, or an AbortError when cancelled.
export async function call(path, body, params = {}, kind = "") {
  let ctl;
  if (kind) {
    pending.get(kind)?.abort();
    ctl = new AbortController();
    pending.set(kind, ctl);
  }
  const q = new URLSearchParams(params).toString();
  try {
    const res = await fetch("/api/" + path + (q ? "?" + q : ""), { method: "POST", body, signal: ctl?.signal });
    if (!res.ok) {
      let msg = res.status + " " + res.statusText;
      try {
        msg = (await res.json()).error || msg;
      } catch {
        // not JSON: keep the status line
      }
      throw new APIError(msg);
    }
    return res;
  } finally {
    if (kind && pending.get(kind) === ctl) pending.delete(kind);
  }
}

export async function callJSON(path, body, params = {}, kind = "") {
  return (await call(path, body, params, kind)).json();
}

export function isAbort(err) {
  return err && err.name === "AbortError";
}

// download saves the response as a file, named as the server says.
export async function download(res) {
  const cd = res.headers.get("Content-Disposition") || "";
  const m = /filename="([^"]+)"/.exec(cd);
  const blob = await res.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = m ? m[1] : "puzzle";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  return a.download;
}
