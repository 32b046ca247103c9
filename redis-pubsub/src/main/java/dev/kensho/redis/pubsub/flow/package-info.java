/**
 * A flow of messages from publishers to subscribers over one transport (Pub/Sub, sharded Pub/Sub, TCP): the publish
 * loop, received counters, a flood that fills a slow subscriber's output buffer, the server's output-buffer limit and
 * memory sampled, and what the flows record. Uses the clients below; names no benchmark.
 */
package dev.kensho.redis.pubsub.flow;
