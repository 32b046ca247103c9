package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Messages;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the subscribers received during a JMH iteration, reported beside the primary score as rates
 * (JMH divides by the iteration's measured time; unit shown as {@code ops/s}):
 * {@code receivedMessages} = messages/s received, summed over subscribers; {@code receivedMbits} =
 * payload Mbit/s (10^6 bits, the write-up's unit) received, summed over subscribers. These are the
 * numbers to chart: what was published but not delivered does not count.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class ReceivedCounters {

    public long receivedMessages;
    public double receivedMbits;

    void set(long messages, long bytes) {
        receivedMessages = messages;
        receivedMbits = Messages.mbit(bytes);
    }
}
