package main

import (
	"bytes"
	"sync/atomic"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

type atomic64 = atomic.Int64

var progressType = []byte(`"type":"progress"`)

// progressSeq returns the sequence number of a progress event of racer,
// read from a received frame.
func progressSeq(frame []byte, racer string) (uint64, bool) {
	r, seq, ok := progressOf(frame)
	if !ok || r != racer {
		return 0, false
	}
	return seq, true
}

// progressOf returns the racer and sequence number of a progress event.
func progressOf(frame []byte) (racer string, seq uint64, ok bool) {
	if !bytes.Contains(frame, progressType) {
		return "", 0, false
	}
	var p wire.ProgressMessage
	if client.DecodeProgress(frame, &p) != nil || p.Progress.Racer == "" {
		return "", 0, false
	}
	return p.Progress.Racer, p.Progress.Seq, true
}
