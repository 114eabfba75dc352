package cmdutil

import (
	"fmt"
	"io"
	"log/slog"
	"os"
)

// NewLogger returns a logger writing to w at level ("debug", "info",
// "warn" or "error") in format: "text", "json", or "auto"
// (AutoLogFormat of w).
func NewLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, err
	}
	ho := &slog.HandlerOptions{Level: l}
	f := format
	if f == "auto" {
		f = AutoLogFormat(w)
	}
	switch f {
	case "text":
		return slog.New(slog.NewTextHandler(w, ho)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, ho)), nil
	}
	return nil, fmt.Errorf("log format %q: want auto, text or json", format)
}

// AutoLogFormat is "text" when w is a terminal, else "json": people read
// the first, log pipelines the second.
func AutoLogFormat(w io.Writer) string {
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return "text"
		}
	}
	return "json"
}
