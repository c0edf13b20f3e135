package server_test

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/server"
)

// TestRun: Run serves until its context ends, then shuts down and
// returns nil; /readyz turns 503 as it does.
func TestRun(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{Config: api.Config{Deadline: time.Minute}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- srv.Run(ctx, ln, server.RunOptions{HeaderTimeout: time.Second, ReadTimeout: time.Second, MaxHeader: 1 << 16, Grace: time.Second})
	}()
	url := server.URL(ln.Addr().(*net.TCPAddr))
	resp, err := http.Get(url + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz: %s, want 200", resp.Status)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after its context ended = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return 10 s after its context ended")
	}
	if srv.Ready() {
		t.Error("Ready() after Run shut down = true, want false")
	}
	if _, err := http.Get(url + "healthz"); err == nil {
		t.Error("the server still answers after Run returned")
	}
}

func TestURL(t *testing.T) {
	for _, tt := range []struct{ ip, want string }{
		{"0.0.0.0", "http://127.0.0.1:8080/"},
		{"::", "http://127.0.0.1:8080/"},
		{"127.0.0.1", "http://127.0.0.1:8080/"},
		{"::1", "http://[::1]:8080/"},
		{"192.0.2.7", "http://192.0.2.7:8080/"},
	} {
		if got := server.URL(&net.TCPAddr{IP: net.ParseIP(tt.ip), Port: 8080}); got != tt.want {
			t.Errorf("URL(%s:8080) = %q, want %q", tt.ip, got, tt.want)
		}
	}
}
