// Package client speaks the hub's WebSocket protocol (hub/PROTOCOL.md) for
// tests, bots and the load tool.
//
//	c, err := client.Dial(ctx, "ws://localhost:8080/ws", client.Options{})
//	w, err := c.Hello(ctx, "Ann", "")        // keep w.Token to reconnect
//	err = c.Send(ctx, hub.ClientMessage{Type: hub.TypeQueue, Profile: "bvs"})
//	race, err := c.WaitRace(ctx)               // the race message
//	seq, err := c.Move(ctx, race.Race.ID, "D") // next sequence number
//	ack, err := c.WaitAck(ctx, race.Race.ID, seq)
//
// A Client is safe for concurrent use by one reader (Next and the Wait
// methods) and any number of senders.
package client
