// Answers that may hold thousands of objects, sent as JSON.stringify's text instead of through the
// route's fast-json-stringify serializer. That serializer builds its text by concatenation and slows
// down as the text grows: 10,003 registry plants (3.6 MB) took 75 ms against JSON.stringify's 9 ms
// (bench/RESULTS.md). Its other service, leaving out fields the schema does not name, is done here by
// the handler's own types: only answers built field by field as the contract's type (an object
// literal, which TypeScript checks for extra fields) may come through this, never rows as read.
import type { FastifyReply } from 'fastify';

/** Sends `answer` as JSON text; the route's response schema still describes it. */
export function sendBuiltAnswer<T>(reply: FastifyReply, answer: T): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
}
