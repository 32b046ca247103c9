/**
 * Experiment 4 of {@code shared/experiments.md}, "Pub/Sub transfer speed vs message size", reproducing
 * the write-up in write-up 4 (Redis Pub/Sub evaluation; undated) (RedisPubSub performance evaluation: one
 * publisher, one subscriber, a TCP-socket baseline, Mbit/s against message bytes on log-log axes,
 * ~10 kHz for small messages, the 1.5 kB @ 1 kHz and 680 B @ 3.3 kHz detector streams, and the
 * output-buffer growth of a subscriber that falls behind).
 *
 * <ul>
 *   <li>{@link dev.kensho.redis.pubsub.PubSubThroughputBenchmark}: messages/s and Mbit/s received vs
 *       message size, Jedis, Lettuce and the plain-TCP baseline, one message at a time (the write-up's
 *       loop, inferred) or pipelined ({@link dev.kensho.redis.pubsub.flow.PublishLoop});</li>
 *   <li>{@link dev.kensho.redis.pubsub.PubSubFanoutBenchmark}: 1/4/16 subscribers, classic
 *       {@code PUBLISH} beside sharded {@code SPUBLISH};</li>
 *   <li>{@link dev.kensho.redis.pubsub.PubSubStreamLatencyBenchmark}: the write-up's real streams,
 *       rate-limited, latency from each message's intended send time and from its actual send, kept up
 *       ({@link dev.kensho.redis.pubsub.flow.StreamTimings}, HdrHistogram interval logs);</li>
 *   <li>{@link dev.kensho.redis.pubsub.PubSubSlowSubscriberBenchmark}: {@code omem} growing until
 *       {@code client-output-buffer-limit pubsub} cuts the subscriber off.</li>
 * </ul>
 * The building blocks: {@link dev.kensho.redis.pubsub.client.Messages} (sequence number + timestamp in every
 * message), {@link dev.kensho.redis.pubsub.client.Receiver} (order and gap checks),
 * {@link dev.kensho.redis.pubsub.flow.Flow} (the in-flight window), {@link dev.kensho.redis.pubsub.client.Client}
 * and {@link dev.kensho.redis.pubsub.flow.Transport} (the implementations under test, one class each),
 * {@link dev.kensho.redis.pubsub.flow.Flood} and {@link dev.kensho.redis.pubsub.flow.OmemSampler} (the slow
 * subscriber's flood and its samples). Report section: {@link dev.kensho.redis.pubsub.report.PubSubSection}.
 */
package dev.kensho.redis.pubsub;
