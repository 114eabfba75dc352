// Package client speaks the hub's WebSocket protocol (hub/wire/PROTOCOL.md)
// for tests, bots and the load tool. It imports the protocol (hub/wire)
// and never the server, so it links no engine, no Redis and no metrics:
// views stay JSON, tagged with their game, for the game's adapter to read.
//
//	c, err := client.Dial(ctx, "ws://localhost:8080/ws", client.Options{})
//	w, err := c.Hello(ctx, "Ann", "")        // keep w.Token to reconnect
//	err = c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"})
//	race, err := c.WaitRace(ctx)               // the race message
//	seq, err := c.Move(ctx, race.Race.ID, "D") // next sequence number
//	ack, err := c.WaitAck(ctx, race.Race.ID, seq)
//
// A Client is safe for concurrent use by one reader (Next and the Wait
// methods) and any number of senders.
package client
