//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"syscall/js"

	"github.com/nonosat/nonosat/api"
)

func main() {
	svc := api.New(config)
	js.Global().Set("nonosatCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return promise(func() js.Value {
			if len(args) < 3 {
				return toJS(message{Err: "nonosatCall(name, body, params): want three arguments", Status: 400})
			}
			name, body, params := args[0].String(), bytesOf(args[1]), paramsOf(args[2])
			return toJS(answer(context.Background(), svc, name, body, params))
		})
	}))
	select {} // answer calls until the worker is terminated
}

// promise runs f on its own goroutine, so that the event loop goes on,
// and resolves with its value, or rejects when it is an Error.
func promise(f func() js.Value) js.Value {
	var handler js.Func
	handler = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer handler.Release()
			defer func() { // a bug fails this call, not the engine
				if r := recover(); r != nil {
					reject.Invoke(toJS(message{Err: fmt.Sprintf("internal error: %v", r), Status: 500}))
				}
			}()
			v := f()
			if v.InstanceOf(js.Global().Get("Error")) {
				reject.Invoke(v)
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(handler)
}

// bytesOf reads a string, an ArrayBuffer or a Uint8Array (anything else
// as its string).
func bytesOf(v js.Value) []byte {
	if v.Type() == js.TypeString {
		return []byte(v.String())
	}
	if v.IsUndefined() || v.IsNull() {
		return nil
	}
	if v.InstanceOf(js.Global().Get("ArrayBuffer")) {
		v = js.Global().Get("Uint8Array").New(v)
	} else if !v.InstanceOf(js.Global().Get("Uint8Array")) {
		return []byte(js.Global().Get("String").Invoke(v).String()) // a Blob cannot be read here: the API reads it first
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b
}

// paramsOf reads an object of parameters; values become strings.
func paramsOf(v js.Value) map[string]string {
	out := map[string]string{}
	if v.Type() != js.TypeObject {
		return out
	}
	keys := js.Global().Get("Object").Call("keys", v)
	for i := range keys.Length() {
		k := keys.Index(i).String()
		if x := v.Get(k); !x.IsUndefined() && !x.IsNull() {
			out[k] = js.Global().Get("String").Invoke(x).String()
		}
	}
	return out
}

func toJS(m message) js.Value {
	if m.Err != "" {
		e := js.Global().Get("Error").New(m.Err)
		e.Set("status", m.Status)
		return e
	}
	o := js.Global().Get("Object").New()
	if m.Body != nil {
		b := js.Global().Get("Uint8Array").New(len(m.Body))
		js.CopyBytesToJS(b, m.Body)
		o.Set("body", b)
		o.Set("contentType", m.ContentType)
		o.Set("download", m.Download)
		return o
	}
	o.Set("json", m.JSON)
	return o
}
