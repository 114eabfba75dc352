// Package redisscript keeps the source of every Lua script the server
// runs, so that each new Redis connection can load them all before its
// first command. A Redis that has just started, restarted or been failed
// over to (scripts are not replicated) then answers EVALSHA at once,
// instead of failing every first call with NOSCRIPT and taking the whole
// script again as EVAL.
//
// A package declares its scripts with New instead of redis.NewScript:
//
//	var appendScript = redisscript.New(appendLua)
//
// and the command that builds the client loads them on each connection:
//
//	opt.OnConnect = redisscript.OnConnect
//	rdb := redis.NewClient(opt)
//
// Script.Run keeps its EVAL fallback, so a Redis that refuses SCRIPT LOAD
// still runs every script.
package redisscript
