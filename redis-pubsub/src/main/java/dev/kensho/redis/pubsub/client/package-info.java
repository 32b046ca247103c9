/**
 * The Pub/Sub clients: a publisher and a subscriber per client (Jedis, Lettuce, synchronous or not), the raw TCP link
 * the comparison runs against, and the messages they carry with the stamps that check and time them. Depends on
 * nothing above it.
 */
package dev.kensho.redis.pubsub.client;
