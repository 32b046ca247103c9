package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One flood of the slow-subscriber experiment: publish at a fixed rate to a paced subscriber, sampling
 * its output buffer on the same schedule, until the server cuts the subscriber off (a sample finds its
 * connection gone, or a {@code PUBLISH} reaches nobody) or {@code maxSeconds} pass; then wait (bounded)
 * for the subscriber to see the end of its stream.
 */
public final class Flood {

    /** Longest wait, after the cut-off, for the subscriber to read its socket to the end and see the disconnect. */
    static final Duration DISCONNECT_TIMEOUT = Duration.ofSeconds(30);

    private Flood() {
    }

    /**
     * What one flood did. Counted on the publisher's side from the server's {@code PUBLISH} replies:
     * {@code published}, {@code delivered} (the replies summed) and {@code deliveredThrough} (the sequence
     * number after the last message the server accepted for the subscriber, by position). Counted on the
     * subscriber's side: {@code received} (messages it read) and, from the sequence numbers in the payloads,
     * {@code receivedThrough} (the highest one read + 1), {@code missing} (numbers skipped inside what it
     * read) and {@code outOfOrder} (late, repeated or foreign messages).
     */
    public record Outcome(boolean cutOff, boolean subscriberSawDisconnect, String disconnectCause, double secondsToCutoff,
                          long published, long delivered, long deliveredThrough, long received, long receivedThrough,
                          long missing, long outOfOrder, List<long[]> samples, long cutoffMillis) {
        /** Sample columns: t_ms, omem, tot-mem, used_memory, published, received. */
        public long maxOmem() {
            return samples.stream().mapToLong(s -> s[1]).max().orElse(0);
        }

        /** Lost by counts: messages the server's replies say it accepted, minus messages the subscriber counted. */
        public long lost() {
            return delivered - received;
        }

        /**
         * Lost by sequence numbers: of the messages the server accepted (0 … deliveredThrough − 1), those
         * the payloads show never arrived — the tail after the last one read, plus the gaps inside.
         */
        public long lostBySequence() {
            return deliveredThrough - receivedThrough + missing;
        }

        /**
         * The two accounts of the loss must agree ({@link #lost()} = {@link #lostBySequence()}), nothing may
         * arrive out of order or that the server did not accept, and a cut-off must have lost something (the
         * limit drops the backlog). Else a one-line {@link IllegalStateException} naming what differed.
         */
        public void requireAccounted() {
            String why = null;
            if (outOfOrder != 0) {
                why = outOfOrder + " messages arrived out of order, twice or not ours, expected 0";
            } else if (receivedThrough > deliveredThrough) {
                why = "the subscriber read sequence numbers up to " + (receivedThrough - 1) + " but the server accepted only 0.."
                        + (deliveredThrough - 1);
            } else if (lostBySequence() != lost()) {
                why = "lost " + lostBySequence() + " by sequence numbers (accepted 0.." + (deliveredThrough - 1) + ", read up to "
                        + (receivedThrough - 1) + ", " + missing + " skipped) but " + lost() + " by counts (delivered " + delivered
                        + " - received " + received + ")";
            } else if (cutOff && lost() == 0) {
                why = "the subscriber was cut off but lost no message (delivered " + delivered + " = received " + received + ")";
            }
            if (why != null) {
                throw new IllegalStateException("slow-subscriber accounting: " + why);
            }
        }

        /** Least-squares slope (bytes/s) of omem over the samples where it is above 0; NaN with fewer than 2. */
        public double omemGrowthRate() {
            return Flood.slope(samples);
        }
    }

    /** Floods until the cut-off or {@code maxSeconds}; returns what happened. */
    public static Outcome run(Publisher publisher, Receiver receiver, OmemSampler sampler, int publishRate, int sampleMillis,
                       int maxSeconds) {
        long start = System.nanoTime();
        long pubPeriod = (long) (1e9 / publishRate);
        long samplePeriod = TimeUnit.MILLISECONDS.toNanos(sampleMillis);
        long deadline = start + TimeUnit.SECONDS.toNanos(maxSeconds);
        long nextPub = start;
        long nextSample = start;
        long seq = 0;
        long cutAt = -1;
        List<long[]> samples = new ArrayList<>();
        while (true) {
            long now = System.nanoTime();
            if (now >= nextSample) {
                long[] s = sampler.sample(now - start, seq, receiver.count());
                nextSample += samplePeriod;
                if (s == null) { // the subscriber's connection is gone from CLIENT LIST
                    cutAt = now;
                    break;
                }
                samples.add(s);
            }
            if (now >= nextPub) {
                publisher.publish(seq++, now);
                publisher.flush();
                nextPub += pubPeriod;
                if (publisher.shortfall() > 0) { // PUBLISH reached no subscriber: it was cut off
                    cutAt = System.nanoTime();
                    break;
                }
            }
            if (now >= deadline) {
                break;
            }
            long wake = Math.min(nextPub, nextSample);
            long wait = wake - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait); // the publisher's and sampler's fixed-rate schedule
            }
        }
        // the cut-off (if any) is over: let the subscriber read the rest of its socket and see the end
        receiver.drain();
        boolean saw = awaitDisconnect(receiver, cutAt >= 0);
        double secs = ((cutAt >= 0 ? cutAt : System.nanoTime()) - start) / 1e9;
        return new Outcome(cutAt >= 0, saw, receiver.disconnect(), secs, publisher.published(), publisher.deliveries(),
                publisher.deliveredThrough(), receiver.count(), receiver.next(), receiver.missing(), receiver.outOfOrder(),
                samples, cutAt >= 0 ? (cutAt - start) / 1_000_000 : -1);
    }

    private static boolean awaitDisconnect(Receiver receiver, boolean expected) {
        if (!expected) {
            return receiver.disconnected();
        }
        long end = System.nanoTime() + DISCONNECT_TIMEOUT.toNanos();
        while (!receiver.disconnected() && System.nanoTime() < end) {
            LockSupport.parkNanos(5_000_000L); // bounded poll for the subscriber thread's end-of-stream
        }
        return receiver.disconnected();
    }

    /** Least-squares slope (bytes/s) of omem over the samples where it is above 0; NaN with fewer than 2. */
    static double slope(List<long[]> samples) {
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (long[] s : samples) {
            if (s[1] > 0) {
                double x = s[0] / 1e3, y = s[1];
                n++;
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
            }
        }
        double d = n * sxx - sx * sx;
        return n < 2 || d == 0 ? Double.NaN : (n * sxy - sx * sy) / d;
    }
}
