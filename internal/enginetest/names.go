package enginetest

import (
	"strings"
	"testing"
)

// Profiles returns the profile of each name, as profile reads it, failing
// t on an error.
func Profiles[R any](t testing.TB, names []string, profile func(name string) (R, error)) []R {
	t.Helper()
	var rs []R
	for _, n := range names {
		r, err := profile(n)
		if err != nil {
			t.Fatalf("Profile(%q): %v", n, err)
		}
		rs = append(rs, r)
	}
	return rs
}

// Named returns what get returns for name, failing t on an error.
func Named[T any](t testing.TB, name string, get func(name string) (T, error)) T {
	t.Helper()
	v, err := get(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// ParseAll reads each space-separated field of text with parse, failing
// t on an error.
func ParseAll[T any](t testing.TB, text string, parse func(string) (T, error)) []T {
	t.Helper()
	var out []T
	for _, f := range strings.Fields(text) {
		v, err := parse(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}
