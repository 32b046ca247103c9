package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.redis.pubsub.client.TcpLink;
import dev.kensho.targets.redis.RedisTarget;

/**
 * What carries the messages in {@code PubSubThroughputBenchmark}: Redis Pub/Sub through one of the
 * {@link Client}s, or the write-up's baseline, a plain TCP socket on loopback ({@link TcpLink}).
 */
public enum Transport {

    TCP(null), JEDIS(Client.JEDIS), LETTUCE(Client.LETTUCE);

    private final Client client;

    Transport(Client client) {
        this.client = client;
    }

    /** The Redis client, or null for the TCP baseline. */
    public Client client() {
        return client;
    }

    public boolean needsRedis() {
        return client != null;
    }

    /** One publisher and its one subscriber. */
    public record Link(Publisher publisher, Subscriber subscriber) implements AutoCloseable {
        @Override
        public void close() {
            try {
                publisher.close();
            } finally {
                subscriber.close();
            }
        }
    }

    /**
     * Subscribes {@code receiver} (subscription confirmed) and opens the publisher of {@code loop}; target may
     * be null for TCP (whose publisher serves both loops: {@link Flow} flushes it after every message for
     * {@link PublishLoop#SYNC}).
     */
    public Link open(RedisTarget target, String channel, Receiver receiver, int messageBytes, PublishLoop loop) {
        if (client == null) {
            TcpLink tcp = new TcpLink(receiver, messageBytes);
            return new Link(tcp.publisher(), tcp.subscriber());
        }
        Subscriber s = client.subscribe(target, channel, PubSubMode.CLASSIC, receiver);
        try {
            return new Link(loop.open(client, target, channel, messageBytes), s);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }
}
