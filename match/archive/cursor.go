package archive

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// Cursor marks a place in a listing, most recent first: the entries after
// it finished earlier, or at the same millisecond with a smaller race ID.
// The zero Cursor is the start of a listing.
type Cursor struct {
	FinishedAt time.Time
	Race       string
}

// IsZero reports whether c is the start of a listing.
func (c Cursor) IsZero() bool { return c.Race == "" }

// String returns c as opaque URL-safe text for ParseCursor; "" for the
// zero Cursor.
func (c Cursor) String() string {
	if c.IsZero() {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.FinishedAt.UnixMilli(), 10) + "." + c.Race))
}

// maxCursor bounds the text ParseCursor reads: a time and a race ID.
const maxCursor = 256

// ParseCursor reads the text of Cursor.String; "" is the zero Cursor.
// Anything else fails with ErrCursor.
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	if len(s) > maxCursor {
		return Cursor{}, ErrCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, ErrCursor
	}
	ms, race, ok := strings.Cut(string(b), ".")
	v, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || v < 0 || race == "" {
		return Cursor{}, ErrCursor
	}
	return Cursor{FinishedAt: time.UnixMilli(v).UTC(), Race: race}, nil
}
