package dev.kensho.redis.pubsub;

import dev.kensho.api.ParamRules;
import dev.kensho.redis.pubsub.client.Messages;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.targets.redis.RedisTarget;

import java.util.Map;
import java.util.UUID;

/** Limits and names the benchmarks of this package share. */
final class PubSubParams {

    /** Smallest message: it must carry the sequence number and the send time. */
    static final int MIN_MESSAGE_BYTES = Messages.HEADER_BYTES;
    static final int MAX_MESSAGE_BYTES = Messages.MAX_BYTES;
    static final long MIN_WINDOW_BYTES = 1024;
    static final long MAX_WINDOW_BYTES = 1L << 30;
    static final int MAX_SUBSCRIBERS = 256;

    /**
     * Server config of the flow-controlled cases on a server the suite starts: the write-up's
     * {@code client-output-buffer-limit pubsub 100gb 100gb 60}. With {@link Flow}'s window the buffer
     * never exceeds {@code windowBytes}, so this limit never engages; it is set to match the write-up.
     * On an external server it is read back and recorded, never changed.
     */
    static final Map<String, String> WRITE_UP_CONFIG = Map.of("client-output-buffer-limit", "pubsub 100gb 100gb 60");

    private PubSubParams() {
    }

    static ParamRules messageBytes(ParamRules r) {
        return r.intRange("messageBytes", MIN_MESSAGE_BYTES, MAX_MESSAGE_BYTES);
    }

    static ParamRules windowBytes(ParamRules r) {
        return r.intRange("windowBytes", MIN_WINDOW_BYTES, MAX_WINDOW_BYTES);
    }

    /** A channel of this run under the suite's prefix, so an external server's other channels are never touched. */
    static String channel(RedisTarget target, String what) {
        String prefix = target == null ? "kensho:" : target.keyPrefix();
        return prefix + "pubsub:" + what + ":" + UUID.randomUUID();
    }
}
