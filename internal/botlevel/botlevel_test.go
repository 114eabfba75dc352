package botlevel

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	for _, n := range Names() {
		l, err := Parse(n)
		if err != nil || l.String() != n {
			t.Errorf("Parse(%q) = %v, %v; want %s, nil", n, l, err, n)
		}
	}
	if l, err := Parse(""); err != nil || l != Steady {
		t.Errorf(`Parse("") = %v, %v; want steady, nil`, l, err)
	}
	if _, err := Parse("expert!"); !errors.Is(err, ErrUnknown) {
		t.Errorf(`Parse("expert!") = %v; want ErrUnknown`, err)
	}
}
