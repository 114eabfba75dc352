package main

import (
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
