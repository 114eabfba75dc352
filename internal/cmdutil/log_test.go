package cmdutil

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAutoLogFormat(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, w := range map[string]io.Writer{"buffer": &bytes.Buffer{}, "file": f} {
		if got := AutoLogFormat(w); got != "json" {
			t.Errorf("%s: got %q, want json", name, got)
		}
	}
}

func TestNewLogger(t *testing.T) {
	for _, tc := range []struct {
		format, level string
		prefix        string // of the line logged at info; "" when none is
	}{
		{"auto", "info", `{"time":`},
		{"json", "info", `{"time":`},
		{"text", "debug", `time=`},
		{"text", "warn", ""},
	} {
		t.Run(tc.format+"/"+tc.level, func(t *testing.T) {
			var buf bytes.Buffer
			log, err := NewLogger(&buf, tc.format, tc.level)
			if err != nil {
				t.Fatal(err)
			}
			log.Info("hello", "k", 1)
			if tc.prefix == "" {
				if buf.Len() != 0 {
					t.Errorf("got %q, want nothing below %s", buf.String(), tc.level)
				}
				return
			}
			if !strings.HasPrefix(buf.String(), tc.prefix) || !strings.Contains(buf.String(), "hello") {
				t.Errorf("got %q, want a line starting %s", buf.String(), tc.prefix)
			}
		})
	}
}

func TestNewLoggerRejects(t *testing.T) {
	if _, err := NewLogger(io.Discard, "xml", "info"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("format xml: got %v, want an error naming it", err)
	}
	if _, err := NewLogger(io.Discard, "json", "loud"); err == nil {
		t.Error("level loud: got no error")
	}
}
