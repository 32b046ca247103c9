package dev.kensho.redis.pubsub;

import dev.kensho.common.bench.Case;
import dev.kensho.common.export.Recorder;

/**
 * Received rate of one measurement iteration, for the run's {@code measurements.jsonl} (where the
 * Redis/TCP ratio and the report read it): the subscribers' counts at the start and at the end of the
 * iteration (before the drain), over the elapsed time. Warm-up iterations are not recorded.
 */
final class IterationMeter {

    private final Case c;
    private boolean measuring;
    private long t0;
    private long m0;
    private long b0;

    IterationMeter(Case c) {
        this.c = c;
    }

    void start(boolean measurement, Flow flow) {
        measuring = measurement;
        t0 = System.nanoTime();
        m0 = flow.received();
        b0 = flow.receivedBytes();
    }

    /** Base counts for {@link ReceivedCounters}. */
    long baseMessages() {
        return m0;
    }

    long baseBytes() {
        return b0;
    }

    /** Call when the iteration's timed part is over, before draining. */
    void stop(Flow flow) {
        double s = (System.nanoTime() - t0) / 1e9;
        if (measuring && s > 0) {
            Recorder.measurement(c.benchmark(), c.params(), "received_msgs_per_s", (flow.received() - m0) / s, "msgs/s");
            Recorder.measurement(c.benchmark(), c.params(), "received_mbit_per_s",
                    PubSubParams.mbit(flow.receivedBytes() - b0) / s, "Mbit/s");
        }
    }
}
