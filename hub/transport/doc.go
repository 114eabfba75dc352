// Package transport owns one WebSocket connection's transport: the
// upgrade, reading frames, a bounded outbox drained by one writer, and
// closing. It knows nothing of the messages it carries; the hub builds its
// connections on it.
//
// Reading: Serve reads frames on a goroutine of its own and hands each to
// a callback; an idle connection's reader holds a small stack and no
// buffer (FreshStack, sockReader). A whole message frame of the usual
// kind (final, masked, text or binary, within the read limit) waiting in
// the reader's buffer is taken from there and unmasked; coder/websocket
// reads every other frame (control frames, fragments, frames not all
// read yet, every frame once the connection closes) and answers them. A
// frame over Config.ReadLimit closes the socket with 1009
// (coder/websocket does), a text frame that is not valid UTF-8 with 1007
// (RFC 6455, section 8.1).
//
// Writing: Send never blocks. Frames wait in an outbox bounded in
// frames (Config.SendQueue) and in bytes (Config.SendBuffer, less the
// socket's share: the kernel's send buffer, held to
// Config.SocketBuffer), counting the batch being written; a writer
// goroutine runs only while frames wait and writes every waiting frame
// in one system call, each message framed straight into the batch
// (coder/websocket writes only the control frames). A goroutine answering on its own connection (a
// reader) writes its answer itself: Hold, Send, Flush. A goroutine that
// sends to another connection with no write in progress may write it
// itself (SendTake, Push), with one write that does not wait for the
// socket: the writer goroutine takes what the socket does not take at
// once. A Send past either bound drops the waiting frames and closes
// the connection with 1008 once the batch in flight has been written;
// every write to the socket must end within Config.WriteTimeout, so a
// client that stops reading is closed within that time of falling
// behind, with 1008 when the close frame can still be sent, else with a
// TCP reset: the kernel keeps nothing for it.
//
// Serving a connection:
//
//	func serve(w http.ResponseWriter, r *http.Request) {
//		c, err := transport.Accept(ctx, w, r, transport.Config{})
//		if err != nil {
//			return // Accept has answered the request
//		}
//		c.Serve(func(text bool, b []byte) bool {
//			c.Send(bytes.Clone(b)) // echo; b is reused after the call
//			return true
//		}, c.End)
//	}
package transport
