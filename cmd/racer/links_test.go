package main

import (
	"net/http/httptest"
	"net/netip"
	"slices"
	"testing"
)

func TestLinkTrustedProxyFlag(t *testing.T) {
	got, err := parseProxies(" 10.0.0.0/8, 192.0.2.7,::ffff:198.51.100.1, fd00::1/8 ")
	want := []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"),
		netip.MustParsePrefix("198.51.100.1/32"), netip.MustParsePrefix("fd00::/8"),
	}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("parseProxies = %v, %v, want %v", got, err, want)
	}
	if got, err := parseProxies(""); err != nil || len(got) != 0 {
		t.Fatalf("parseProxies(\"\") = %v, %v, want none", got, err)
	}
	if _, err := parseProxies("10.0.0.0/8,proxy.example"); err == nil {
		t.Fatal("a host name was taken for a proxy")
	}
}

// TestClientKey: the client the analysis bound counts is the address a
// request comes from, its /64 for IPv6, read from X-Forwarded-For only
// behind a declared proxy; loopback (this host) is no client.
func TestClientKey(t *testing.T) {
	proxies, _ := parseProxies("127.0.0.1")
	for _, tc := range []struct {
		remote, xff string
		proxies     []netip.Prefix
		want        string
	}{
		{"198.51.100.7:5000", "", nil, "198.51.100.7"},
		{"[2001:db8::1:2]:5000", "", nil, "2001:db8::/64"},
		{"127.0.0.1:5000", "203.0.113.9", nil, ""},
		{"127.0.0.1:5000", "203.0.113.9", proxies, "203.0.113.9"},
		{"198.51.100.7:5000", "203.0.113.9", proxies, "198.51.100.7"},
	} {
		r := httptest.NewRequest("GET", "/api/analysis/r1", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := clientKey(tc.proxies)(r); got != tc.want {
			t.Errorf("from %s (X-Forwarded-For %q, proxies %v): got %q, want %q", tc.remote, tc.xff, tc.proxies, got, tc.want)
		}
	}
}
