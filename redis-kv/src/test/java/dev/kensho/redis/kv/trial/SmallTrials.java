package dev.kensho.redis.kv.trial;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.concurrent.TimeUnit;

/**
 * JUnit extension for the tests of what a closed-loop probe and a curve trial's settling are for — a relative rate
 * is a fraction of the probed maximum, neither's requests are in the results, a settled trial's answers are checked —
 * not of how precise that maximum is: in the annotated class a probe round is {@value #PROBE_REQUESTS} requests (not
 * {@value OfferedRate#PROBE_REQUESTS}) and settling is one round (not {@value SweptCase#SETTLE_SECONDS} s of them,
 * ~10 CPU-seconds each on 2 cores). Both are restored after the class.
 */
public final class SmallTrials implements BeforeAllCallback, AfterAllCallback {

    /** Requests per probe round in these tests: 5 rounds of it still give a closed-loop rate above 0. */
    public static final int PROBE_REQUESTS = 2_000;

    @Override
    public void beforeAll(ExtensionContext context) {
        OfferedRate.probeRequests = PROBE_REQUESTS;
        SweptCase.settleNanos = TimeUnit.MILLISECONDS.toNanos(1); // the first round starts within it: one round
    }

    @Override
    public void afterAll(ExtensionContext context) {
        OfferedRate.probeRequests = OfferedRate.PROBE_REQUESTS;
        SweptCase.settleNanos = TimeUnit.SECONDS.toNanos(SweptCase.SETTLE_SECONDS);
    }
}
